import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@questa/db';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createBankRepository } from '../banks/bank.repository';

const API = '/qdb/api/v1';

interface Created {
  id: string;
  secret: string;
  scopes: string[];
  lastUsedAt: string | null;
  revokedAt: string | null;
}

describe('API keys', () => {
  let t: TestQuestionDb;
  let acme: string;
  let globex: string;
  let olive: string;
  let gus: string;

  const createKey = async (clientId: string, token: string, scopes = ['banks:read']) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${clientId}/credentials`,
      headers: bearer(token),
      payload: { scopes },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Created>();
  };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner', vera: 'viewer' });
    globex = await t.createTenant('globex', { gus: 'owner' });
    olive = await t.issuer.sign({ sub: 'olive' });
    gus = await t.issuer.sign({ sub: 'gus' });
    const banks = createBankRepository(t.db);
    for (const [slug, visibility] of [
      ['algebra', 'public'],
      ['biology', 'private'],
      ['chemistry', 'premium'],
    ] as const) {
      await banks.create(acme, {
        slug,
        title: slug,
        description: '',
        language: 'en',
        visibility,
        tags: [],
      });
    }
    await banks.create(globex, {
      slug: 'secret-plans',
      title: 'Secret plans',
      description: '',
      language: 'en',
      visibility: 'private',
      tags: [],
    });
  });
  afterAll(() => t?.close());

  it('shows a new key’s secret once, stores only its hash, and never lists it', async () => {
    const created = await createKey(acme, olive, ['banks:write', 'banks:read', 'banks:write']);
    expect(created.scopes).toEqual(['banks:read', 'banks:write']);
    expect(created.lastUsedAt).toBeNull();
    const match = /^qdbk_([0-9a-f-]{36})_([A-Za-z0-9_-]{43})$/.exec(created.secret);
    expect(match?.[1]).toBe(created.id);

    const row = await t.db
      .selectFrom('credentials')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(match![2]!).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(match![2]);

    const list = await t.app.inject({
      url: `${API}/clients/${acme}/credentials`,
      headers: bearer(olive),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(match![2]);
    expect(list.body).not.toContain('secret');
    expect(list.json()).toMatchObject({ credentials: [{ id: created.id }] });
  });

  it('reads its own tenant’s banks, page by page, and records when it was last used', async () => {
    const key = await createKey(acme, olive);
    const first = await t.app.inject({
      url: `${API}/clients/${acme}/banks?limit=2`,
      headers: bearer(key.secret),
    });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ banks: { slug: string }[]; nextCursor: string | null }>();
    expect(page.banks.map((b) => b.slug)).toEqual(['algebra', 'biology']);
    expect(page.banks[0]).toEqual({
      id: expect.any(String),
      slug: 'algebra',
      title: 'algebra',
      visibility: 'public',
      questionCount: 0,
      archivedAt: null,
    });
    const second = await t.app.inject({
      url: `${API}/clients/${acme}/banks?limit=2&cursor=${page.nextCursor}`,
      headers: bearer(key.secret),
    });
    expect(second.json()).toMatchObject({ banks: [{ slug: 'chemistry' }], nextCursor: null });

    const used = await t.db
      .selectFrom('credentials')
      .select('last_used_at')
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
  });

  it('writes last use at most once a minute', async () => {
    const key = await createKey(acme, olive);
    const lastUsed = async () =>
      (
        await t.db
          .selectFrom('credentials')
          .select(sql<string>`last_used_at::text`.as('at'))
          .where('id', '=', key.id)
          .executeTakeFirstOrThrow()
      ).at;
    const read = () =>
      t.app.inject({ url: `${API}/clients/${acme}/banks`, headers: bearer(key.secret) });
    await read();
    const first = await lastUsed();
    await read();
    expect(await lastUsed()).toBe(first);
    await t.db
      .updateTable('credentials')
      .set({ last_used_at: sql<string>`now() - interval '2 minutes'` })
      .where('id', '=', key.id)
      .execute();
    const stale = await lastUsed();
    await read();
    expect(await lastUsed()).not.toBe(stale);
  });

  it('refuses a bad cursor with a per-field error', async () => {
    const response = await t.app.inject({
      url: `${API}/clients/${acme}/banks?cursor=${Buffer.from('../etc').toString('base64url')}`,
      headers: bearer(olive),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'query.cursor' }] });
  });

  it('answers another tenant’s key with 404 and no data', async () => {
    const theirs = await createKey(globex, gus, ['banks:write']);
    for (const url of [
      `${API}/clients/${acme}/banks`,
      `${API}/clients/${acme}/members`,
      `${API}/clients/${acme}/credentials`,
    ]) {
      const response = await t.app.inject({ url, headers: bearer(theirs.secret) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      expect(response.body).not.toContain('algebra');
    }
  });

  it('never lets a key manage credentials or members, even in its own tenant', async () => {
    const key = await createKey(acme, olive, ['banks:read', 'banks:write']);
    const attempts = [
      { method: 'GET' as const, url: `${API}/clients/${acme}/credentials` },
      {
        method: 'POST' as const,
        url: `${API}/clients/${acme}/credentials`,
        payload: { scopes: ['banks:write'] },
      },
      { method: 'DELETE' as const, url: `${API}/clients/${acme}/credentials/${key.id}` },
      { method: 'GET' as const, url: `${API}/clients/${acme}/members` },
      {
        method: 'PUT' as const,
        url: `${API}/clients/${acme}/members/mallory`,
        payload: { role: 'owner' },
      },
      { method: 'DELETE' as const, url: `${API}/clients/${acme}/members/olive` },
      { method: 'GET' as const, url: `${API}/clients` },
      { method: 'GET' as const, url: `${API}/me/memberships` },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: bearer(key.secret) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
    }
    const members = await t.db
      .selectFrom('memberships')
      .select('user_id')
      .where('client_id', '=', acme)
      .execute();
    expect(members.map((m) => m.user_id).sort()).toEqual(['olive', 'vera']);
  });

  it('lets a viewer or another tenant’s owner neither see nor make keys', async () => {
    const vera = await t.issuer.sign({ sub: 'vera' });
    const asViewer = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/credentials`,
      headers: bearer(vera),
      payload: { scopes: ['banks:read'] },
    });
    expect(asViewer.statusCode).toBe(403);
    const asOutsider = await t.app.inject({
      url: `${API}/clients/${acme}/credentials`,
      headers: bearer(gus),
    });
    expect(asOutsider.statusCode).toBe(404);
    const admin = await t.issuer.sign({ sub: 'root', roles: ['admin'] });
    const asAdmin = await t.app.inject({
      url: `${API}/clients/${acme}/credentials`,
      headers: bearer(admin),
    });
    expect(asAdmin.statusCode).toBe(403);
  });

  it('hides private banks from an admin who is no member, and shows them to members', async () => {
    const admin = await t.issuer.sign({ sub: 'root', roles: ['admin'] });
    const asAdmin = await t.app.inject({
      url: `${API}/clients/${acme}/banks`,
      headers: bearer(admin),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<{ banks: { slug: string }[] }>().banks.map((b) => b.slug)).toEqual([
      'algebra',
      'chemistry',
    ]);
  });

  it('stops a revoked key at once, and cannot revoke another tenant’s key', async () => {
    const key = await createKey(acme, olive);
    const theirs = await createKey(globex, gus);
    const crossTenant = await t.app.inject({
      method: 'DELETE',
      url: `${API}/clients/${acme}/credentials/${theirs.id}`,
      headers: bearer(olive),
    });
    expect(crossTenant.statusCode).toBe(404);
    const stillWorks = await t.app.inject({
      url: `${API}/clients/${globex}/banks`,
      headers: bearer(theirs.secret),
    });
    expect(stillWorks.statusCode).toBe(200);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${API}/clients/${acme}/credentials/${key.id}`,
      headers: bearer(olive),
    });
    expect(revoke.statusCode).toBe(204);
    const refused = await t.app.inject({
      url: `${API}/clients/${acme}/banks`,
      headers: bearer(key.secret),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const listed = await t.app.inject({
      url: `${API}/clients/${acme}/credentials`,
      headers: bearer(olive),
    });
    const revoked = listed
      .json<{ credentials: Created[] }>()
      .credentials.find((c) => c.id === key.id);
    expect(revoked?.revokedAt).not.toBeNull();
  });

  it('refuses garbage and forged keys with 401', async () => {
    const key = await createKey(acme, olive);
    const [, id, secret] = /^qdbk_([0-9a-f-]{36})_(.+)$/.exec(key.secret)!;
    const otherSecret = secret!.slice(0, -1) + (secret!.endsWith('A') ? 'B' : 'A');
    for (const token of [
      'qdbk_',
      'qdbk_garbage',
      `qdbk_${id}_short`,
      `qdbk_${id}_${otherSecret}`,
      `qdbk_00000000-0000-4000-8000-000000000000_${secret}`,
      `qdbk_${id!.toUpperCase()}_${secret}`,
    ]) {
      const response = await t.app.inject({
        url: `${API}/clients/${acme}/banks`,
        headers: bearer(token),
      });
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toMatchObject({ code: 'auth.required' });
    }
  });
});
