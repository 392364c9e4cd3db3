import { createRootServer, runProcess } from '@questa/http-kit';
import { IDENTITY_PREFIX, IDENTITY_SCHEMA, identityApp, identityMigrations } from './app';
import { identityDepsFromConfig } from './identity-deps';
import { seedDemoAccounts } from './modules/accounts/demo-accounts';

/** The embedded identity provider as a process of its own (distributed mode). */
await runProcess({
  title: 'Questa identity provider',
  schemas: [{ schema: IDENTITY_SCHEMA, migrations: identityMigrations }],
  async build({ config, database }) {
    if (!config.oidc.clientSecret) {
      throw new Error(
        'OIDC_CLIENT_SECRET must be set when the identity provider runs as a process of its own, so the main API can use the same secret.',
      );
    }
    if (config.seedDemoAccounts) await seedDemoAccounts(database);
    const deps = identityDepsFromConfig(config, database, config.oidc.clientSecret);
    const root = createRootServer({
      logLevel: config.logLevel,
      metricsToken: config.metricsToken,
      hsts: config.hsts,
      trustProxy: config.trustProxy,
      logFormat: config.logFormat,
      logRequests: true,
    });
    root.addHook('onClose', () => deps.close());
    await root.register(identityApp, { prefix: IDENTITY_PREFIX, ...deps });
    return root;
  },
});
