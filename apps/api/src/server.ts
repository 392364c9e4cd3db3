import { ConfigError } from '@questa/config';
import { createEmbeddedIdentityAccounts } from './adapters/identity-accounts';
import { createRootServer, runProcess } from '@questa/http-kit';
import { providerClientsFromConfig } from './adapters/oidc-client';
import { createHttpQuestionDbClient } from './adapters/question-db-client';
import { API_PREFIX, apiApp, createApiCore } from './app';
import { billingDepsFromConfig } from './billing-deps';
import { API_SCHEMA, apiMigrations } from './db/tables';
import { questionDbProxy } from './plugins/question-db-proxy';

/** The main API as a process of its own (distributed mode). */
await runProcess({
  title: 'Questa API',
  schemas: [{ schema: API_SCHEMA, migrations: apiMigrations }],
  async build({ config, database }) {
    if (!config.oidc.clientSecret) {
      throw new ConfigError(
        'OIDC_CLIENT_SECRET must be set when the main API runs on its own (it is not set).',
      );
    }
    const root = createRootServer({
      logLevel: config.logLevel,
      metricsToken: config.metricsToken,
      hsts: config.hsts,
      trustProxy: config.trustProxy,
      logFormat: config.logFormat,
      logRequests: true,
    });
    const provider = providerClientsFromConfig(config, config.oidc.clientSecret);
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
            clientSecret: config.oidc.clientSecret,
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
      ...billingDepsFromConfig(config),
    });
    await core.billing.plans.seedDefaults();
    await root.register(apiApp, { prefix: API_PREFIX, core });
    await root.register(questionDbProxy, {
      prefix: '/qdb',
      relay: core,
      questionDbUrl: config.questionDbUrl,
    });
    return root;
  },
});
