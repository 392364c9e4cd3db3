import type { QuestaConfig } from '@questa/config';
import type { Database } from '@questa/db';
import { mailTransportFromConfig } from '@questa/mail';
import { createRateLimitStore } from '@questa/http-kit';
import type { IdentityDeps } from './app';
import { createRedisThrottleStore } from './modules/rate-limit/account-throttle-store';

/**
 * The provider's dependencies as configuration chooses them: the main API as the one client,
 * SMTP or the outbox folder for mail, Redis or process memory for rate limits.
 */
export function identityDepsFromConfig(
  config: QuestaConfig,
  database: Database,
  clientSecret: string,
): IdentityDeps & { close(): Promise<void> } {
  const mail = mailTransportFromConfig(config);
  // Counted in Redis when there is one, so every provider process counts the same attempts.
  const rateLimitStore = createRateLimitStore({
    redisUrl: config.redisUrl,
    keyPrefix: `${config.redisKeyPrefix}identity:rate:`,
    timeoutMs: config.rateLimits.redisTimeoutMs,
  });
  // Without Redis, failed sign-ins per account are counted in the database (the default).
  const accountThrottleStore = config.redisUrl
    ? createRedisThrottleStore({
        redis: config.redisUrl,
        keyPrefix: `${config.redisKeyPrefix}identity:throttle:`,
      })
    : undefined;
  return {
    database,
    issuer: config.oidc.issuer,
    clients: [
      {
        client_id: config.oidc.clientId,
        client_secret: clientSecret,
        client_name: 'Questa',
        // client_credentials lets the main API call the question database as itself, e.g. to
        // draw catalog questions for a learner who is no tenant's member.
        grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
        redirect_uris: [`${config.publicUrl}/api/auth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        // Ending sign-ins reaches the main API at once (OpenID Connect back-channel logout); with
        // a session named in each token, signing out in one browser leaves the others signed in.
        backchannel_logout_uri: `${config.publicUrl}/api/auth/backchannel-logout`,
        backchannel_logout_session_required: true,
      },
    ],
    audience: config.oidc.audience,
    rolesClaim: config.oidc.rolesClaim,
    accessTokenTtlSeconds: config.oidc.accessTokenTtlSeconds,
    mail,
    rateLimits: { store: rateLimitStore, timeoutMs: config.rateLimits.redisTimeoutMs },
    ...(accountThrottleStore && { accountThrottleStore }),
    secureCookies: config.secureCookies,
    async close() {
      mail.close?.();
      await rateLimitStore.close();
      await accountThrottleStore?.close();
    },
  };
}
