import { createRootServer, runProcess } from '@questa/http-kit';
import { IDENTITY_PREFIX, IDENTITY_SCHEMA, identityApp, identityMigrations } from './app';

/** The embedded identity provider as a process of its own (distributed mode). */
await runProcess({
  title: 'Questa identity provider',
  schemas: [{ schema: IDENTITY_SCHEMA, migrations: identityMigrations }],
  async build({ config, database }) {
    const root = createRootServer({ logLevel: config.logLevel, logRequests: true });
    await root.register(identityApp, {
      prefix: IDENTITY_PREFIX,
      database,
      issuer: config.oidc.issuer,
    });
    return root;
  },
});
