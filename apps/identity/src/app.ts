import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ClientMetadata } from 'oidc-provider';
import type { Database } from '@questa/db';
import {
  createRequestLimiter,
  createRootServer,
  healthRoute,
  httpKit,
  type RateLimitStore,
} from '@questa/http-kit';
import { identityDb } from './identity-db';
import { createAccountRepository } from './modules/accounts/account.repository';
import { accountAdminRoutes } from './modules/accounts/account-admin.routes';
import { accountRoutes } from './modules/accounts/account.routes';
import { createAccountService, type SignInFailedEvent } from './modules/accounts/account.service';
import { createEmailTokenRepository } from './modules/accounts/email-token.repository';
import { interactionRoutes } from './modules/interaction/interaction.routes';
import { createKeyRepository } from './modules/keys/key.repository';
import type { MailTransport } from '@questa/mail';
import { createOidcPayloadRepository } from './modules/oidc/oidc-payload.repository';
import { createProvider } from './modules/oidc/provider';
import { providerRoutes } from './modules/oidc/provider.routes';
import { createBackChannelLogout } from './modules/oidc/back-channel-logout';
import { createBackChannelLogoutRepository } from './modules/oidc/back-channel-logout.repository';
import { providerViews } from './modules/oidc/provider-views';
import { createAccountThrottle } from './modules/rate-limit/account-throttle';
import {
  createDatabaseThrottleStore,
  type AccountThrottleStore,
} from './modules/rate-limit/account-throttle-store';
import { createKnownDevices } from './modules/rate-limit/known-devices';
import { loadAssets } from './pages/assets';
import { createCsrf } from './pages/csrf';
import { pageErrorHandler } from './pages/error-page';
import { acceptFormPosts } from '@questa/http-kit';
import { ATTEMPT_WINDOW_MS, type PageKit } from './pages/page-kit';

export { IDENTITY_SCHEMA } from './identity-db';
export const IDENTITY_PREFIX = '/idp';
export const identityMigrations = new URL('./migrations/', import.meta.url);

export interface IdentityDeps {
  database: Database;
  /** The issuer URL, ending in the prefix the provider is mounted at, e.g. http://localhost:8080/idp. */
  issuer: string;
  /** Registered OpenID Connect clients; the main API's confidential client comes from the gateway. */
  clients: ClientMetadata[];
  /** Resource indicator and `aud` of access tokens for the question-database API: an absolute URI. */
  audience: string;
  /** Name of the claim carrying global roles, e.g. `roles`. */
  rolesClaim: string;
  /** Lifetime of access tokens, user and service alike; ten minutes unless a test shortens it. */
  accessTokenTtlSeconds?: number;
  mail: MailTransport;
  /**
   * Where attempts per client address are counted (decision 0042): Redis shared by every
   * provider process when REDIS_URL is set, else this process's memory; and how long an attempt
   * waits for it before going through uncounted.
   */
  rateLimits: { store: RateLimitStore; timeoutMs: number };
  /** Failed sign-ins per account: Redis when configured, else the provider's own tables. */
  accountThrottleStore?: AccountThrottleStore;
  secureCookies: boolean;
  onAuditEvent?: (event: SignInFailedEvent) => Promise<void>;
  /** How often missed back-channel logouts are sent again; five seconds unless a test says. */
  backChannelRetryIntervalMs?: number;
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const BACK_CHANNEL_RETRY_INTERVAL_MS = 5000;

function checkDeps(deps: IdentityDeps, prefix: string) {
  const issuerPath = new URL(deps.issuer).pathname.replace(/\/$/, '');
  if (issuerPath !== prefix) {
    throw new Error(
      `The issuer ${deps.issuer} (OIDC_ISSUER) must end in ${prefix}, where the provider is mounted.`,
    );
  }
  if (!URL.canParse(deps.audience)) {
    throw new Error(
      `The access-token audience "${deps.audience}" (OIDC_AUDIENCE) must be an absolute URI such as urn:questa:question-db, because OAuth resource indicators are URIs.`,
    );
  }
}

/**
 * The embedded OpenID Connect provider and its sign-in pages, mounted under `/idp` in one-process
 * mode or on a process of its own.
 */
export const identityApp: FastifyPluginAsync<IdentityDeps> = async (app, deps) => {
  const mountPath = app.prefix;
  checkDeps(deps, mountPath);
  const { origin } = new URL(deps.issuer);
  const signInUrl = `${origin}/api/auth/login`;

  const db = identityDb(deps.database);
  const keys = createKeyRepository(db);
  const payloads = createOidcPayloadRepository(db);
  const [signingKeys, cookieKeys, assets] = await Promise.all([
    keys.signingKeys(),
    keys.cookieKeys(),
    loadAssets(mountPath),
  ]);
  const context = { assets, homeUrl: `${origin}/` };

  const accountRepository = createAccountRepository(db);
  const provider = createProvider({
    issuer: deps.issuer,
    mountPath,
    clients: deps.clients,
    audience: deps.audience,
    rolesClaim: deps.rolesClaim,
    accessTokenTtlSeconds: deps.accessTokenTtlSeconds ?? 10 * 60,
    secureCookies: deps.secureCookies,
    signingKeys,
    cookieKeys,
    adapter: payloads.adapterFor,
    findAccount: (id) => accountRepository.findById(id),
    views: providerViews(context),
  });
  const backChannel = createBackChannelLogout({
    provider,
    clientIds: deps.clients.map((client) => client.client_id),
    pending: createBackChannelLogoutRepository(db),
    log: app.log,
  });
  const accounts = createAccountService({
    accounts: accountRepository,
    tokens: createEmailTokenRepository(db),
    sessions: payloads,
    mail: deps.mail,
    links: {
      verify: (token) => `${deps.issuer}/verify?token=${token}`,
      reset: (token) => `${deps.issuer}/reset/password?token=${token}`,
      resetRequest: `${deps.issuer}/reset`,
      signIn: signInUrl,
    },
    onAuditEvent: deps.onAuditEvent,
    signOutClients: (accountId) => backChannel.signOutEverywhere(accountId),
  });
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ err: error }, 'identity provider error'),
  );
  const throttle = createAccountThrottle({
    store: deps.accountThrottleStore ?? createDatabaseThrottleStore(db),
    devices: createKnownDevices({ keys: cookieKeys, secure: deps.secureCookies, path: mountPath }),
    accounts: accountRepository,
    mail: deps.mail,
    keys: cookieKeys,
    resetLink: (locale) => `${deps.issuer}/reset${locale === 'en' ? '' : `?ui_locales=${locale}`}`,
    log: app.log,
  });
  const kit: PageKit = {
    context,
    csrf: createCsrf({ keys: cookieKeys, secure: deps.secureCookies, path: mountPath }),
    rateLimiter: createRequestLimiter({
      store: deps.rateLimits.store,
      windowMs: ATTEMPT_WINDOW_MS,
      timeoutMs: deps.rateLimits.timeoutMs,
      log: app.log,
    }),
    mountPath,
    signInUrl,
  };

  // The kit first, so every route below declares its permission. Then the hosted pages, in their
  // own scope with a form parser and HTML errors. oidc-provider's catch-all comes last, in a scope
  // without body parsers, because it reads request bodies itself.
  await app.register(httpKit);
  healthRoute(app, 'identity', deps.database);
  await app.register(async (pages) => {
    acceptFormPosts(pages);
    pages.setErrorHandler(pageErrorHandler(context));
    assets.routes(pages);
    await pages.register(interactionRoutes(kit, provider, accounts, throttle));
    await pages.register(accountRoutes(kit, accounts, throttle));
  });
  await app.register(accountAdminRoutes(deps.clients, accounts));
  await app.register(providerRoutes(provider, mountPath));

  const purge = setInterval(() => {
    payloads.purgeExpired().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not purge expired identity records');
    });
  }, PURGE_INTERVAL_MS);
  purge.unref();
  // Logout tokens a client missed (it was down) are sent again, so its sessions still end.
  const retry = setInterval(() => {
    backChannel.retryPending().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not retry back-channel logouts');
    });
  }, deps.backChannelRetryIntervalMs ?? BACK_CHANNEL_RETRY_INTERVAL_MS);
  retry.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    clearInterval(retry);
  });
};

export async function buildApp(deps: IdentityDeps): Promise<FastifyInstance> {
  const root = createRootServer({ logLevel: 'silent' });
  await root.register(identityApp, { prefix: IDENTITY_PREFIX, ...deps });
  await root.ready();
  return root;
}
