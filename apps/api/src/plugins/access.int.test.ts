import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { createRootServer } from '@questa/http-kit';
import { permissions } from '@questa/policy';
import { createOidcClient } from '../adapters/oidc-client';
import { createHttpQuestionDbClient } from '../adapters/question-db-client';
import { API_PREFIX, apiApp, createApiCore } from '../app';
import { API_SCHEMA, apiMigrations } from '../db/tables';

describe('access to the main API', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const routes: { method: string; url: string; permission: unknown }[] = [];
  const origin = 'http://localhost:8080';

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, API_SCHEMA, apiMigrations);
    app = createRootServer({ logLevel: 'silent' });
    app.addHook('onRoute', (route) => {
      routes.push({
        method: String(route.method),
        url: route.url,
        permission: route.config?.permission,
      });
    });
    const core = createApiCore({
      database: test.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: 'http://127.0.0.1:9/qdb/api/v1' }),
      oidc: createOidcClient({
        issuer: 'http://127.0.0.1:9/idp',
        clientId: 'questa-web',
        clientSecret: 'not-used-by-these-tests',
        scopes: 'openid',
        rolesClaim: 'roles',
        audience: 'questa-question-db',
        redirectUri: `${origin}/api/auth/callback`,
        postLogoutRedirectUri: `${origin}/`,
      }),
      publicUrl: origin,
      secureCookies: false,
    });
    await app.register(apiApp, { prefix: API_PREFIX, core });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('has a known permission on every route', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      expect(
        route.permission === 'public' ||
          (permissions as readonly unknown[]).includes(route.permission),
        `${route.method} ${route.url} declares ${String(route.permission)}`,
      ).toBe(true);
    }
  });

  it('tells a signed-out browser that nobody is signed in, without an error', async () => {
    const response = await app.inject('/api/session');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: null,
      memberships: [],
      entitlements: { premium: false, host: false },
    });
  });

  it('treats a forged or unknown session cookie as signed out', async () => {
    for (const cookie of ['questa_session=forged', `questa_session=${'A'.repeat(43)}`]) {
      const session = await app.inject({ url: '/api/session', headers: { cookie } });
      expect(session.json()).toMatchObject({ user: null });
      const admin = await app.inject({ url: '/api/admin/users', headers: { cookie } });
      expect(admin.statusCode).toBe(401);
      expect(admin.json()).toMatchObject({ code: 'auth.required' });
    }
  });

  it('refuses state-changing requests without the custom header or from another origin', async () => {
    const cases = [
      { headers: { origin } },
      { headers: { 'x-questa-request': '1', origin: 'https://evil.example' } },
      { headers: { 'x-questa-request': '1' } },
      { headers: { 'x-questa-request': '0', origin } },
    ];
    for (const { headers } of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
    }
    const allowed = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-questa-request': '1', origin },
    });
    // Past the forgery check it is an ordinary unauthenticated request.
    expect(allowed.statusCode).toBe(401);
  });

  it('answers 503 unavailable when the identity provider cannot be reached', async () => {
    const response = await app.inject('/api/auth/login?returnTo=/account');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'unavailable' });
  });
});
