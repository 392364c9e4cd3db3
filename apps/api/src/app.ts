import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database } from '@questa/db';
import { createRootServer, healthRoute, httpKit, openApi } from '@questa/http-kit';
import type { QuestionDbClient } from './adapters/question-db-client';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';

export interface ApiDeps {
  database: Database;
  questionDb: QuestionDbClient;
  /** How long catalog answers are reused; 0 turns the cache off. */
  catalogTtlMs?: number;
}

export const API_PREFIX = '/api';

/** The main API and backend-for-frontend, mounted under `/api`. */
export const apiApp: FastifyPluginAsync<ApiDeps> = async (app, deps) => {
  // Shared behaviour first so every later route is validated, permission-checked and documented.
  await app.register(httpKit);
  await app.register(openApi, {
    title: 'Questa API',
    description: "Questa's main API and the web client's backend.",
    path: '/docs',
  });

  healthRoute(app, 'api', deps.database);
  await app.register(catalogRoutes, {
    catalog: createCatalogService(deps.questionDb, { ttlMs: deps.catalogTtlMs ?? 5000 }),
  });
};

/** The service on its own root server, as tests and the standalone process use it. */
export async function buildApp(deps: ApiDeps): Promise<FastifyInstance> {
  const root = createRootServer({ logLevel: 'silent' });
  await root.register(apiApp, { prefix: API_PREFIX, ...deps });
  await root.ready();
  return root;
}
