import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { RateLimitSettings } from '@questa/config';
import { createRateLimitStore, rateLimits } from '@questa/http-kit';
import type { AuthService } from '../modules/auth/auth.service';
import { readCookie } from '../modules/auth/session-cookie';

export interface ApiRateLimitOptions {
  settings: RateLimitSettings;
  auth: Pick<AuthService, 'resolve'>;
  cookieName: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
}

/**
 * The main API's request limits (decision 0042): a signed-in person per account, however many
 * sessions they hold, and anonymous callers per client address. The payment partner's webhooks
 * are not counted: they prove themselves by a signature and are retried when refused, so a
 * refusal would only delay billing.
 */
export const apiRateLimits = fp<ApiRateLimitOptions>(
  async (app: FastifyInstance, { settings, auth, cookieName, redisUrl, redisKeyPrefix }) => {
    const store = createRateLimitStore({
      redisUrl,
      keyPrefix: `${redisKeyPrefix}api:rate:`,
      timeoutMs: settings.redisTimeoutMs,
    });
    app.addHook('onClose', () => store.close());
    await app.register(rateLimits, {
      store,
      windowMs: settings.windowMs,
      timeoutMs: settings.redisTimeoutMs,
      async callerOf(request) {
        if (request.routeOptions.config.signedByCaller) return undefined;
        const cookie = readCookie(request.headers.cookie, cookieName);
        // The access guard reuses what is found here; sessions are cached for a few seconds.
        if (cookie) request.auth ??= (await auth.resolve(cookie)) ?? null;
        if (request.auth)
          return { key: `user:${request.auth.user.id}`, limit: settings.perSession };
        return { key: `ip:${request.ip}`, limit: settings.perAddress };
      },
    });
  },
  { name: 'questa-api-rate-limits', dependencies: ['questa-access'] },
);
