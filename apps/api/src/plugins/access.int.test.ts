import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { migrate, sql, type Kysely } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { createRootServer } from '@questa/http-kit';
import { permissions } from '@questa/policy';
import { createHttpQuestionDbClient } from '../adapters/question-db-client';
import { API_PREFIX, apiApp, createApiCore, type ApiCore } from '../app';
import { openTestSession, unreachableOidcClient } from '../testing';
import { API_SCHEMA, apiMigrations, type ApiTables } from '../db/tables';
import { hashSessionId } from '../modules/auth/session-cookie';
import { createSessionRepository } from '../modules/auth/session.repository';

describe('access to the main API', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let core: ApiCore;
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
        // Read when asked: the HTTP kit's own hook, which runs after this one, may fill it in.
        get permission() {
          return route.config?.permission;
        },
      });
    });
    core = createApiCore({
      database: test.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: 'http://127.0.0.1:9/qdb/api/v1' }),
      oidc: unreachableOidcClient(origin),
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

  it('checks each of the sessions that arrive together against the database', async () => {
    const db = test.database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
    const learners = await Promise.all(
      [1, 2, 3].map((n) =>
        openTestSession(test.database, { sub: `crowd-${n}`, email: `crowd-${n}@questa.test` }),
      ),
    );
    const cookies = [...learners.map((learner) => learner.cookieValue), 'A'.repeat(43)];
    const resolveTogether = () =>
      Promise.all([...cookies, cookies[0]!].map((cookie) => core.auth.resolve(cookie)));
    expect((await resolveTogether()).map((context) => context?.user.sub)).toEqual([
      'crowd-1',
      'crowd-2',
      'crowd-3',
      undefined,
      'crowd-1',
    ]);

    // Another process ends the second learner's sessions; this one still holds them in its cache.
    await db
      .updateTable('users')
      .set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
      .where('id', '=', learners[1]!.userId)
      .execute();
    expect((await resolveTogether()).map((context) => context?.user.sub)).toEqual([
      'crowd-1',
      undefined,
      'crowd-3',
      undefined,
      'crowd-1',
    ]);
  });

  it('ends a session after 12 idle hours, or 30 days after it began', async () => {
    const db = test.database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
    const sessions = createSessionRepository(db);
    const open = async () =>
      (await openTestSession(test.database, { sub: 'sleepy-learner', email: 'sleepy@questa.test' }))
        .cookieValue;

    const fresh = await open();
    expect((await core.auth.resolve(fresh))?.user.sub).toBe('sleepy-learner');

    const idle = await open();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<string>`now() - interval '12 hours 1 minute'` })
      .where('id_hash', '=', hashSessionId(idle))
      .execute();
    expect(await core.auth.resolve(idle)).toBeUndefined();
    expect(await sessions.find(hashSessionId(idle))).toBeUndefined();

    const old = await open();
    await db
      .updateTable('sessions')
      .set({ expires_at: sql<string>`now() - interval '1 minute'` })
      .where('id_hash', '=', hashSessionId(old))
      .execute();
    expect(await core.auth.resolve(old)).toBeUndefined();
  });
});
