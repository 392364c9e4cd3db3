import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitSettings } from '@questa/config';
import { createRateLimitStore, rateLimits, type RateLimitCaller } from '@questa/http-kit';
import type { AuthService } from '../modules/auth/auth.service';

export interface QuestionDbRateLimitOptions {
  settings: RateLimitSettings;
  auth: Pick<AuthService, 'authenticate'>;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
}

/**
 * The question database's request limits (decision 0042): an API key by its workspace's plan,
 * with its quota in `RateLimit-*` headers; a person by their account; anonymous callers by
 * address. Questa's own services are not counted: they call for many people at once, each of
 * whom the main API has already counted.
 */
export const questionDbRateLimits = fp<QuestionDbRateLimitOptions>(
  async (app: FastifyInstance, { settings, auth, redisUrl, redisKeyPrefix }) => {
    const store = createRateLimitStore({
      redisUrl,
      keyPrefix: `${redisKeyPrefix}qdb:rate:`,
      timeoutMs: settings.redisTimeoutMs,
    });
    app.addHook('onClose', () => store.close());

    // Public routes skip authentication; a caller that names itself there is still counted as
    // itself, and one whose credentials fail is counted by its address.
    const principalOf = async (request: FastifyRequest) =>
      request.principal ??
      (request.headers.authorization === undefined
        ? undefined
        : await auth.authenticate(request.headers.authorization).catch(() => undefined));

    await app.register(rateLimits, {
      store,
      windowMs: settings.windowMs,
      timeoutMs: settings.redisTimeoutMs,
      async callerOf(request): Promise<RateLimitCaller | undefined> {
        const principal = await principalOf(request);
        switch (principal?.kind) {
          case 'service':
            return undefined;
          case 'api_key':
            return {
              key: `key:${principal.credentialId}`,
              limit: principal.paidPlan ? settings.perApiKey.paid : settings.perApiKey.free,
              quotaHeaders: true,
            };
          case 'user':
            return { key: `user:${principal.sub}`, limit: settings.perSession };
          default:
            return { key: `ip:${request.ip}`, limit: settings.perAddress };
        }
      },
    });
  },
  { name: 'questa-question-db-rate-limits', dependencies: ['questa-question-db-authentication'] },
);
