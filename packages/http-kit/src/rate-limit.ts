import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { counterMetric } from './metrics';
import { HttpProblem } from './problem';
import type { RateLimitStore } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: the route is never counted (health checks, which balancers call unceasingly). */
    rateLimit?: false;
  }
}

/** Who a request is counted against, and how many requests that caller has per window. */
export interface RateLimitCaller {
  /** Names the counter, e.g. `session:<user id>`, `key:<credential id>`, `ip:<address>`. */
  key: string;
  limit: number;
  /** Sends `RateLimit-Limit`, `-Remaining` and `-Reset`, so an integrator can pace its calls. */
  quotaHeaders?: boolean;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
}

/**
 * Counts hits against fixed windows in the store. A store that fails or is slower than
 * `timeoutMs` lets the request through uncounted (undefined): a limiter that took the service
 * down with Redis would do more harm than the load it guards against.
 */
export function createRequestLimiter(options: {
  store: RateLimitStore;
  windowMs: number;
  timeoutMs: number;
  log?: { warn(details: object, message: string): void; info(message: string): void };
}) {
  const { store, windowMs, timeoutMs, log } = options;
  const outcomes = counterMetric({
    name: 'questa_rate_limit_decisions_total',
    help: 'Requests the rate limiter saw, by outcome (allowed, limited, or uncounted when its store failed).',
    labelNames: ['outcome'],
  });
  // The outage is logged when it starts and when it ends, not once per request.
  let failing = false;

  async function hitWithin(key: string) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('rate-limit store timed out')), timeoutMs);
    });
    const counted = store.hit(key, windowMs);
    // A hit that fails after the wait has ended has nobody left to tell.
    counted.catch(() => {});
    try {
      return await Promise.race([counted, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async take(caller: RateLimitCaller): Promise<RateLimitDecision | undefined> {
      let counted;
      try {
        counted = await hitWithin(caller.key);
      } catch (error) {
        outcomes.labels({ outcome: 'uncounted' }).inc();
        if (!failing) {
          failing = true;
          log?.warn({ err: error }, 'rate limits not applied: their store does not answer');
        }
        return undefined;
      }
      if (failing) {
        failing = false;
        log?.info('rate limits applied again: their store answers');
      }
      const allowed = counted.count <= caller.limit;
      outcomes.labels({ outcome: allowed ? 'allowed' : 'limited' }).inc();
      return {
        allowed,
        limit: caller.limit,
        remaining: Math.max(0, caller.limit - counted.count),
        resetSeconds: Math.max(1, Math.ceil(counted.msLeft / 1000)),
      };
    },
  };
}

export interface RateLimitsOptions {
  store: RateLimitStore;
  windowMs: number;
  /** How long a request waits for the store before it goes through uncounted. */
  timeoutMs: number;
  /** Whom the request counts against; undefined: nobody (a trusted service). */
  callerOf(request: FastifyRequest): Promise<RateLimitCaller | undefined>;
}

/**
 * Refuses callers past their limit with 429 `rate_limited` and `Retry-After`. Register after the
 * plugin that identifies callers, so its hooks run first; not encapsulated, so its hook covers
 * the routes of the app that registers it. Unknown paths count too: a caller probing for URLs
 * gets 404s, and those must not be free.
 */
export const rateLimits = fp<RateLimitsOptions>(
  async (app: FastifyInstance, options) => {
    const limiter = createRequestLimiter({ ...options, log: app.log });
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.rateLimit === false) return;
      const caller = await options.callerOf(request);
      if (!caller) return;
      const decision = await limiter.take(caller);
      if (!decision) return;
      if (caller.quotaHeaders) {
        reply.header('ratelimit-limit', String(decision.limit));
        reply.header('ratelimit-remaining', String(decision.remaining));
        reply.header('ratelimit-reset', String(decision.resetSeconds));
      }
      if (!decision.allowed) {
        throw new HttpProblem('rate_limited', {
          detail: `Too many requests: at most ${decision.limit} a window. Try again in ${decision.resetSeconds} s.`,
          retryAfter: decision.resetSeconds,
        });
      }
    });
  },
  { name: 'questa-rate-limits', dependencies: ['questa-http-kit'] },
);
