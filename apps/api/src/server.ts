import { createRootServer, runProcess } from '@questa/http-kit';
import { createHttpQuestionDbClient } from './adapters/question-db-client';
import { API_PREFIX, apiApp } from './app';
import { API_SCHEMA, apiMigrations } from './db/tables';

/** The main API as a process of its own (distributed mode). */
await runProcess({
  title: 'Questa API',
  schemas: [{ schema: API_SCHEMA, migrations: apiMigrations }],
  async build({ config, database }) {
    const root = createRootServer({ logLevel: config.logLevel, logRequests: true });
    await root.register(apiApp, {
      prefix: API_PREFIX,
      database,
      questionDb: createHttpQuestionDbClient({ baseUrl: config.questionDbUrl }),
    });
    return root;
  },
});
