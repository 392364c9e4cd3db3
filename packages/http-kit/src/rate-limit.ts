import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { counterMetric } from './metrics';
import { HttpProblem } from './problem';
import type { RateLimitStore, WindowCount } from './rate-limit-store';

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

  /** The store's answer within `timeoutMs`, or undefined when it fails or is late. */
  async function answerWithin(asked: Promise<WindowCount>): Promise<WindowCount | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('rate-limit store timed out')), timeoutMs);
    });
    // An answer that fails after the wait has ended has nobody left to tell.
    asked.catch(() => {});
    let answer: WindowCount;
    try {
      answer = await Promise.race([asked, late]);
    } catch (error) {
      if (!failing) {
        failing = true;
        log?.warn({ err: error }, 'rate limits not applied: their store does not answer');
      }
      return undefined;
    } finally {
      clearTimeout(timer);
    }
    if (failing) {
      failing = false;
      log?.info('rate limits applied again: their store answers');
    }
    return answer;
  }

  const decision = (caller: RateLimitCaller, window: WindowCount, allowed: boolean) => ({
    allowed,
    limit: caller.limit,
    remaining: Math.max(0, caller.limit - window.count),
    resetSeconds: Math.max(1, Math.ceil(window.msLeft / 1000)),
  });

  return {
    /** Counts one request of the caller's and says whether it is within the limit. */
    async take(caller: RateLimitCaller): Promise<RateLimitDecision | undefined> {
      const counted = await answerWithin(store.hit(caller.key, windowMs));
      if (!counted) {
        outcomes.labels({ outcome: 'uncounted' }).inc();
        return undefined;
      }
      const allowed = counted.count <= caller.limit;
      outcomes.labels({ outcome: allowed ? 'allowed' : 'limited' }).inc();
      return decision(caller, counted, allowed);
    },
    /**
     * Whether one more would be within the limit, without counting this look: for what is
     * counted only once it has happened (a failed sign-in) but must be refused before it is tried.
     */
    async peek(caller: RateLimitCaller): Promise<RateLimitDecision | undefined> {
      const window = await answerWithin(store.peek(caller.key));
      return window && decision(caller, window, window.count < caller.limit);
    },
  };
}

export type RequestLimiter = ReturnType<typeof createRequestLimiter>;

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
