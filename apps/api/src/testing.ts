import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, type Database, type Kysely } from '@questa/db';
import { createTestDatabase } from '@questa/db/testing';
import {
  buildApp as buildQuestionDb,
  createFileMediaStore,
  questionDb,
  QUESTION_DB_SCHEMA,
  questionDbMigrations,
  seedDemoContent,
  type SeedContent,
} from '@questa/question-db';
import { startTestIssuer, type TestIssuer } from '@questa/question-db/testing';
import { createOidcClient, type OidcClient } from './adapters/oidc-client';
import type { ServiceTokenSource } from './adapters/service-token';
import { API_SCHEMA, apiMigrations, type ApiTables } from './db/tables';
import { hashSessionId, newSessionId } from './modules/auth/session-cookie';
import { createSessionRepository } from './modules/auth/session.repository';
import { createUserRepository } from './modules/users/user.repository';

export const TEST_ORIGIN = 'http://localhost:8080';

/** A provider client that is configured but never reached, for tests that do not sign in. */
export function unreachableOidcClient(origin = TEST_ORIGIN): OidcClient {
  return createOidcClient({
    issuer: 'http://127.0.0.1:9/idp',
    clientId: 'questa-web',
    clientSecret: 'not-used-by-these-tests',
    scopes: 'openid',
    rolesClaim: 'roles',
    audience: 'urn:questa:question-db',
    redirectUri: `${origin}/api/auth/callback`,
    postLogoutRedirectUri: `${origin}/`,
  });
}

/**
 * Opens a session as a completed sign-in would, holding `accessToken`, and returns the id the
 * browser's cookie would carry.
 */
export async function openTestSession(
  database: Database,
  user: { sub: string; email: string; accessToken?: string; idpSid?: string },
): Promise<{ cookieValue: string; userId: string }> {
  const db = database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
  const { id: userId } = await createUserRepository(db).upsertFromSignIn({
    sub: user.sub,
    email: user.email,
    name: user.email,
    roles: [],
  });
  const cookieValue = newSessionId();
  await createSessionRepository(db).create({
    idHash: hashSessionId(cookieValue),
    userId,
    tokens: {
      accessToken: user.accessToken ?? 'not-a-real-token',
      refreshToken: undefined,
      idToken: 'not-a-real-id-token',
      accessExpiresAt: Date.now() + 600_000,
    },
    refreshAt: Date.now() + 540_000,
    expiresAt: Date.now() + 30 * 24 * 3600_000,
    userAgent: 'test',
    ip: '127.0.0.1',
    idpSid: user.idpSid,
  });
  return { cookieValue, userId };
}

export interface QuestionDbBeside {
  /** Both services' tables, migrated, in one throwaway database. */
  database: Database;
  /** Base of the listening question-database API, ending in `/qdb/api/v1`. */
  url: string;
  issuer: TestIssuer;
  /** The main API's own tokens, for catalog draws: minted by the issuer as the provider would. */
  serviceToken: ServiceTokenSource;
  close(): Promise<void>;
}

/**
 * A fresh database with the main API's and the question database's schemas, the given content
 * seeded, and the question database listening on loopback trusting a test issuer: the main API
 * reaches it over HTTP as it does in production.
 */
export async function startQuestionDbBeside(content: SeedContent): Promise<QuestionDbBeside> {
  const test = await createTestDatabase();
  await migrate(test.database, QUESTION_DB_SCHEMA, questionDbMigrations);
  await migrate(test.database, API_SCHEMA, apiMigrations);
  const mediaStore = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-media-')));
  await seedDemoContent(questionDb(test.database), mediaStore, content);
  const issuer = await startTestIssuer();
  const qdb = await buildQuestionDb({ database: test.database, mediaStore, auth: issuer.auth });
  await qdb.listen({ port: 0, host: '127.0.0.1' });
  return {
    database: test.database,
    url: `http://127.0.0.1:${(qdb.server.address() as AddressInfo).port}/qdb/api/v1`,
    issuer,
    serviceToken: { token: () => issuer.signService() },
    async close() {
      await qdb.close();
      await issuer.close();
      await test.dispose();
    },
  };
}

export {
  startLearningApi,
  type Learner,
  type LearningApi,
} from './modules/learning/learning-test-kit';
