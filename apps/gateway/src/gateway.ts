import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  API_PREFIX,
  API_SCHEMA,
  apiApp,
  apiMigrations,
  billingDepsFromConfig,
  createApiCore,
  createEmbeddedIdentityAccounts,
  createHttpQuestionDbClient,
  providerClientsFromConfig,
  seedDemoClass,
  tokenRelay,
  type ApiCore,
} from '@questa/api';
import type { QuestaConfig } from '@questa/config';
import type { Database } from '@questa/db';
import { createRootServer, type ServiceSchema } from '@questa/http-kit';
import {
  PAYMENTS_SANDBOX_SCHEMA,
  paymentsSandboxApp,
  paymentsSandboxMigrations,
  paymentsSandboxDepsFromConfig,
  sandboxKeysIn,
} from '@questa/payments-sandbox';
import {
  IDENTITY_PREFIX,
  IDENTITY_SCHEMA,
  identityApp,
  identityMigrations,
  identityDepsFromConfig,
  seedDemoAccounts,
} from '@questa/identity';
import {
  CDN_PREFIX,
  cdnApp,
  mediaStoreFromConfig,
  discoverIssuerKeys,
  QUESTION_DB_PREFIX,
  QUESTION_DB_SCHEMA,
  questionDb,
  questionDbApp,
  questionDbMigrations,
  seedDemoContent,
  demoBankQuestions,
  seedMembership,
  type MediaStore,
  type SeedContent,
} from '@questa/question-db';
import { webClient } from './web-client';

/** Every service's schema in the one database of `npm start`, each migrated before it is built. */
export const gatewaySchemas: ServiceSchema[] = [
  { schema: QUESTION_DB_SCHEMA, migrations: questionDbMigrations },
  { schema: API_SCHEMA, migrations: apiMigrations },
  { schema: IDENTITY_SCHEMA, migrations: identityMigrations },
  { schema: PAYMENTS_SANDBOX_SCHEMA, migrations: paymentsSandboxMigrations },
];

export interface GatewayOptions {
  config: QuestaConfig;
  database: Database;
  /** Demo content to write on first start; absent when turned off. */
  demoContent: (() => SeedContent) | undefined;
  /** The built web client's folder. */
  webDistDir: string;
  logRequests?: boolean;
}

/** Mounts every service on one root server, as `npm start` runs them. */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const mediaStore = await mediaStoreFromConfig(config);
  // With the embedded provider both ends of the client registration live in this process, so a
  // secret made up at each start is enough and is never written anywhere.
  const clientSecret = config.oidc.clientSecret ?? randomBytes(32).toString('base64url');
  // Without a partner key, the built-in sandbox plays the payment partner in this process; the
  // main API reaches it over loopback with these keys, as it would reach Stripe.
  const sandboxKeys = config.payments.secretKey ? undefined : await sandboxKeysIn(config.dataDir);

  // The embedded provider registers the main API's client with the client-credentials grant too
  // (identityDepsFromConfig), so catalog draws work here as with an external provider.
  const provider = providerClientsFromConfig(config, clientSecret);
  const core = createApiCore({
    database,
    questionDb: createHttpQuestionDbClient({
      baseUrl: config.questionDbUrl,
      serviceToken: provider.serviceToken,
    }),
    oidc: provider.oidc,
    // The embedded provider deletes accounts when asked; an external one manages its own.
    identityAccounts: config.oidc.embedded
      ? createEmbeddedIdentityAccounts({
          issuer: config.oidc.issuer,
          clientId: config.oidc.clientId,
          clientSecret: clientSecret,
        })
      : undefined,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    examGraceSeconds: config.exams.graceSeconds,
    examSweepIntervalMs: config.exams.sweepIntervalMs,
    reminderSweepIntervalMs: config.reminderSweepIntervalMs,
    workspaceDeletionSweepIntervalMs: config.workspaceDeletion.sweepIntervalMs,
    ...(config.workspaceDeletion.graceMs !== undefined && {
      workspaceDeletionGraceMs: config.workspaceDeletion.graceMs,
    }),
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    rateLimits: config.rateLimits,
    // The sandbox answers Stripe's API at /v1 of this very server, reached over loopback.
    ...billingDepsFromConfig(
      config,
      sandboxKeys && { ...sandboxKeys, apiBase: `http://127.0.0.1:${config.port}` },
    ),
  });
  await seed(options, core, mediaStore);

  const root = createRootServer({
    logLevel: config.logLevel,
    metricsToken: config.metricsToken,
    hsts: config.hsts,
    trustProxy: config.trustProxy,
    logFormat: config.logFormat,
    logRequests: options.logRequests ?? true,
  });
  // Services first, each encapsulated under its prefix; the web client last, because it answers
  // every path no service claimed. The relay runs before the question database's own hooks, so
  // a browser's call arrives there with the user's bearer token already in place.
  if (config.oidc.embedded) {
    const identity = identityDepsFromConfig(config, database, clientSecret);
    root.addHook('onClose', () => identity.close());
    await root.register(identityApp, {
      prefix: IDENTITY_PREFIX,
      ...identity,
      onAuditEvent: (event) => core.audit.record(event),
    });
  }
  const relay = tokenRelay(core);
  await root.register(
    async (scope) => {
      scope.addHook('onRequest', relay);
      await scope.register(questionDbApp, {
        database,
        mediaStore,
        auth: {
          issuer: config.oidc.issuer,
          audience: config.oidc.audience,
          rolesClaim: config.oidc.rolesClaim,
          jwks: discoverIssuerKeys(config.oidc.issuer),
          serviceClients: config.oidc.serviceClients,
        },
        rateLimits: {
          settings: config.rateLimits,
          redisUrl: config.redisUrl,
          redisKeyPrefix: config.redisKeyPrefix,
        },
      });
    },
    { prefix: QUESTION_DB_PREFIX },
  );
  await root.register(cdnApp, { prefix: CDN_PREFIX, database, mediaStore });
  // Unprefixed: it claims /sandbox-pay for its pages and /v1 for Stripe's API, the one path the
  // stripe SDK can reach, since the SDK takes a host and a port but no path.
  if (sandboxKeys) {
    await root.register(
      paymentsSandboxApp,
      paymentsSandboxDepsFromConfig(config, database, sandboxKeys),
    );
  }
  await root.register(apiApp, { prefix: API_PREFIX, core });
  await root.register(webClient, { distDir: options.webDistDir });
  return root;
}

/**
 * First-start content: the plans on sale (the free tier and premium), demo banks, and demo
 * accounts with the author a member of the demo tenant.
 */
async function seed(
  { config, database, demoContent }: GatewayOptions,
  core: ApiCore,
  mediaStore: MediaStore,
) {
  await core.billing.plans.seedDefaults();
  if (demoContent) {
    const content = demoContent();
    const result = await seedDemoContent(questionDb(database), mediaStore, content);
    if (result.seeded) console.log(`Wrote ${result.questions} demo questions on first start.`);
    if (config.seedDemoAccounts && config.oidc.embedded) {
      const accounts = await seedDemoAccounts(database);
      for (const account of Object.values(accounts)) await core.users.ensure(account);
      await seedMembership(questionDb(database), {
        tenantSlug: content.tenant.slug,
        userId: accounts.author.sub,
        role: 'author',
      });
      await seedMembership(questionDb(database), {
        tenantSlug: content.tenant.slug,
        userId: accounts.teacher.sub,
        role: 'teacher',
      });
      // The demo teacher's class, with the demo learner in it and work due, from a demo bank.
      const bank = await demoBankQuestions(questionDb(database), {
        tenantSlug: content.tenant.slug,
        bankSlug: 'world-geography',
        count: 6,
      });
      if (bank) {
        await seedDemoClass(core.db, {
          teacherSub: accounts.teacher.sub,
          learnerSub: accounts.learner.sub,
          bank,
        });
      }
    }
  }
}
