import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRootServer } from '@questa/http-kit';
import { questionDb, seedMembership } from '@questa/question-db';
import { createHttpQuestionDbClient } from '../adapters/question-db-client';
import { API_PREFIX, apiApp, createApiCore } from '../app';
import {
  openTestSession,
  startQuestionDbBeside,
  unreachableOidcClient,
  type QuestionDbBeside,
} from '../testing';
import { questionDbProxy } from './question-db-proxy';

describe('the main API relays the browser’s question-database calls (distributed mode)', () => {
  const origin = 'http://localhost:8080';
  let beside: QuestionDbBeside;
  let api: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    beside = await startQuestionDbBeside({
      tenant: { slug: 'relay-tenant', name: 'Relay tenant' },
      media: [],
      banks: [],
    });
    await seedMembership(questionDb(beside.database), {
      tenantSlug: 'relay-tenant',
      userId: 'relayed-user',
      role: 'owner',
    });
    const qdbUrl = beside.url;

    const core = createApiCore({
      database: beside.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: qdbUrl }),
      oidc: unreachableOidcClient(origin),
      publicUrl: origin,
      secureCookies: false,
    });
    api = createRootServer({ logLevel: 'silent' });
    await api.register(apiApp, { prefix: API_PREFIX, core });
    await api.register(questionDbProxy, { prefix: '/qdb', relay: core, questionDbUrl: qdbUrl });
    await api.ready();

    // A signed-in browser: its session holds an access token the question database trusts.
    const session = await openTestSession(beside.database, {
      sub: 'relayed-user',
      email: 'relayed@questa.test',
      accessToken: await beside.issuer.sign({ sub: 'relayed-user' }),
    });
    cookie = `questa_session=${session.cookieValue}`;
  });

  afterAll(async () => {
    await api?.close();
    await beside?.close();
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
