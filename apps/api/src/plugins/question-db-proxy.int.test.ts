import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { createRootServer } from '@questa/http-kit';
import {
  buildApp as buildQuestionDb,
  createFileMediaStore,
  questionDb,
  QUESTION_DB_SCHEMA,
  questionDbMigrations,
  seedDemoContent,
  seedMembership,
} from '@questa/question-db';
import { startTestIssuer, type TestIssuer } from '@questa/question-db/testing';
import { createHttpQuestionDbClient } from '../adapters/question-db-client';
import { API_PREFIX, apiApp, createApiCore } from '../app';
import { API_SCHEMA, apiMigrations } from '../db/tables';
import { openTestSession, unreachableOidcClient } from '../testing';
import { questionDbProxy } from './question-db-proxy';

describe('the main API relays the browser’s question-database calls (distributed mode)', () => {
  const origin = 'http://localhost:8080';
  let test: TestDatabase;
  let issuer: TestIssuer;
  let qdb: FastifyInstance;
  let api: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, QUESTION_DB_SCHEMA, questionDbMigrations);
    await migrate(test.database, API_SCHEMA, apiMigrations);
    const mediaStore = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-media-')));
    await seedDemoContent(questionDb(test.database), mediaStore, {
      tenant: { slug: 'relay-tenant', name: 'Relay tenant' },
      media: [],
      banks: [],
    });
    await seedMembership(questionDb(test.database), {
      tenantSlug: 'relay-tenant',
      userId: 'relayed-user',
      role: 'owner',
    });
    issuer = await startTestIssuer();
    qdb = await buildQuestionDb({ database: test.database, mediaStore, auth: issuer.auth });
    await qdb.listen({ port: 0, host: '127.0.0.1' });
    const qdbUrl = `http://127.0.0.1:${(qdb.server.address() as AddressInfo).port}/qdb/api/v1`;

    const core = createApiCore({
      database: test.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: qdbUrl }),
      oidc: unreachableOidcClient(origin),
      publicUrl: origin,
      secureCookies: false,
    });
    api = createRootServer({ logLevel: 'silent' });
    await api.register(apiApp, { prefix: API_PREFIX, core });
    await api.register(questionDbProxy, { prefix: '/qdb', core, questionDbUrl: qdbUrl });
    await api.ready();

    // A signed-in browser: its session holds an access token the question database trusts.
    const session = await openTestSession(test.database, {
      sub: 'relayed-user',
      email: 'relayed@questa.test',
      accessToken: await issuer.sign({ sub: 'relayed-user' }),
    });
    cookie = `questa_session=${session.cookieValue}`;
  });

  afterAll(async () => {
    await api?.close();
    await qdb?.close();
    await issuer?.close();
    await test?.dispose();
  });

  it('turns the session cookie into the user’s bearer token', async () => {
    const response = await api.inject({ url: '/qdb/api/v1/me/memberships', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      memberships: [{ clientSlug: 'relay-tenant', role: 'owner' }],
    });
  });

  it('forwards an anonymous call as anonymous', async () => {
    const response = await api.inject('/qdb/api/v1/me/memberships');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth.required' });
  });

  it('refuses a cross-site state-changing call before it reaches the question database', async () => {
    const response = await api.inject({
      method: 'POST',
      url: '/qdb/api/v1/clients/00000000-0000-4000-8000-000000000000/credentials',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { scopes: ['banks:read'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
  });
});
