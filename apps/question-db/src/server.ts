import { createRootServer, runProcess } from '@questa/http-kit';
import { CDN_PREFIX, cdnApp, QUESTION_DB_PREFIX, questionDbApp } from './app';
import { QUESTION_DB_SCHEMA, questionDbMigrations } from './db/tables';
import { discoverIssuerKeys } from './modules/auth/issuer-keys';
import { mediaStoreFromConfig } from './modules/media/media-store-from-config';

/** The question-database API as a process of its own (distributed mode). */
await runProcess({
  title: 'Questa question database',
  schemas: [{ schema: QUESTION_DB_SCHEMA, migrations: questionDbMigrations }],
  async build({ config, database }) {
    const mediaStore = await mediaStoreFromConfig(config);
    const auth = {
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      rolesClaim: config.oidc.rolesClaim,
      serviceClients: config.oidc.serviceClients,
      // Any OpenID provider publishes where its keys are; Keycloak's and Auth0's paths differ.
      jwks: discoverIssuerKeys(config.oidc.issuer),
    };
    const root = createRootServer({
      logLevel: config.logLevel,
      metricsToken: config.metricsToken,
      hsts: config.hsts,
      trustProxy: config.trustProxy,
      logFormat: config.logFormat,
      logRequests: true,
    });
    root.addHook('onClose', async () => mediaStore.destroy?.());
    await root.register(questionDbApp, {
      prefix: QUESTION_DB_PREFIX,
      database,
      mediaStore,
      auth,
      rateLimits: {
        settings: config.rateLimits,
        redisUrl: config.redisUrl,
        redisKeyPrefix: config.redisKeyPrefix,
      },
    });
    await root.register(cdnApp, { prefix: CDN_PREFIX, database, mediaStore });
    return root;
  },
});
