import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database, Kysely } from '@questa/db';
import { createRootServer, healthRoute, httpKit, openApi } from '@questa/http-kit';
import type { OidcClient } from './adapters/oidc-client';
import type { QuestionDbClient } from './adapters/question-db-client';
import { API_SCHEMA, type ApiTables } from './db/tables';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginAttemptRepository } from './modules/auth/login-attempt.repository';
import { sessionCookieName } from './modules/auth/session-cookie';
import { createSessionRepository } from './modules/auth/session.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { sessionRoutes } from './modules/session/session.routes';
import { createUserRepository } from './modules/users/user.repository';
import { access } from './plugins/access';

export interface ApiDeps {
  database: Database;
  questionDb: QuestionDbClient;
  oidc: OidcClient;
  /** The origin browsers use, e.g. http://localhost:8080. */
  publicUrl: string;
  secureCookies: boolean;
  /** How long catalog answers are reused; 0 turns the cache off. */
  catalogTtlMs?: number;
}

export const API_PREFIX = '/api';

/**
 * The main API's services, built once per process. The gateway uses `auth` to relay the browser's
 * question-database calls and `audit` to record what the embedded identity provider reports.
 */
export function createApiCore(deps: ApiDeps) {
  const db = deps.database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
  const users = createUserRepository(db);
  const audit = createAuditRepository(db);
  const auth = createAuthService({
    oidc: deps.oidc,
    users,
    sessions: createSessionRepository(db),
    attempts: createLoginAttemptRepository(db),
    audit,
    questionDb: deps.questionDb,
  });
  return {
    deps,
    users,
    audit,
    auth,
    cookieName: sessionCookieName(deps.secureCookies),
    publicOrigin: new URL(deps.publicUrl).origin,
  };
}
export type ApiCore = ReturnType<typeof createApiCore>;

/** The main API and backend-for-frontend, mounted under `/api`. */
export const apiApp: FastifyPluginAsync<{ core: ApiCore }> = async (app, { core }) => {
  const { deps, auth, cookieName } = core;
  // Shared behaviour first so every later route is validated, permission-checked and documented;
  // access control before routes so its hooks cover all of them.
  await app.register(httpKit);
  await app.register(openApi, {
    title: 'Questa API',
    description: "Questa's main API and the web client's backend.",
    path: '/docs',
  });
  await app.register(access, { auth, cookieName, publicOrigin: core.publicOrigin });

  healthRoute(app, 'api', deps.database);
  await app.register(catalogRoutes, {
    catalog: createCatalogService(deps.questionDb, { ttlMs: deps.catalogTtlMs ?? 5000 }),
  });
  await app.register(authRoutes, {
    auth,
    cookieName,
    secureCookies: deps.secureCookies,
    publicUrl: deps.publicUrl,
  });
  await app.register(sessionRoutes, { auth, cookieName });
  await app.register(accountRoutes, { auth, cookieName, secureCookies: deps.secureCookies });
  await app.register(adminRoutes, {
    admin: createAdminService({
      users: core.users,
      audit: core.audit,
      auth,
      questionDb: deps.questionDb,
    }),
  });
};

/** The service on its own root server, as tests and the standalone process use it. */
export async function buildApp(deps: ApiDeps): Promise<FastifyInstance> {
  const root = createRootServer({ logLevel: 'silent' });
  await root.register(apiApp, { prefix: API_PREFIX, core: createApiCore(deps) });
  await root.ready();
  return root;
}
