import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database, Kysely } from '@questa/db';
import { createRootServer, healthRoute, httpKit, openApi } from '@questa/http-kit';
import { QUESTION_DB_SCHEMA, type QuestionDbTables } from './db/tables';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { cdnRoutes } from './modules/media/cdn.routes';
import { createMediaRepository } from './modules/media/media.repository';
import type { MediaStore } from './modules/media/media-store';

export interface QuestionDbDeps {
  database: Database;
  mediaStore: MediaStore;
}

export const QUESTION_DB_PREFIX = '/qdb/api/v1';
export const CDN_PREFIX = '/cdn';

export function questionDb(database: Database) {
  return database.kysely.withSchema(QUESTION_DB_SCHEMA) as unknown as Kysely<QuestionDbTables>;
}

/** The question-database API, mounted under `/qdb/api/v1`. */
export const questionDbApp: FastifyPluginAsync<QuestionDbDeps> = async (app, deps) => {
  const db = questionDb(deps.database);
  // Shared behaviour first so every later route is validated, permission-checked and documented.
  await app.register(httpKit);
  await app.register(openApi, {
    title: 'Questa question database',
    description: 'Multi-tenant question banks for Questa and its integrators.',
    path: '/docs',
  });

  healthRoute(app, 'question-db', deps.database);
  await app.register(catalogRoutes, {
    catalog: createCatalogService(createCatalogRepository(db)),
  });
};

/** The content-delivery base for media, mounted under `/cdn` in one-process mode. */
export const cdnApp: FastifyPluginAsync<QuestionDbDeps> = async (app, deps) => {
  await app.register(httpKit);
  await app.register(cdnRoutes, {
    media: createMediaRepository(questionDb(deps.database)),
    store: deps.mediaStore,
  });
};

/** The service on its own root server, as tests and the standalone process use it. */
export async function buildApp(deps: QuestionDbDeps): Promise<FastifyInstance> {
  const root = createRootServer({ logLevel: 'silent' });
  await root.register(questionDbApp, { prefix: QUESTION_DB_PREFIX, ...deps });
  await root.register(cdnApp, { prefix: CDN_PREFIX, ...deps });
  await root.ready();
  return root;
}
