import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createTenantRepository } from '../tenants/tenant.repository';
import { createMemberRepository } from './member.repository';
import { createMemberService } from './member.service';
import { seedMembership } from './seed-membership';

const API = '/qdb/api/v1';

describe('tenants and members', () => {
  let t: TestQuestionDb;
  let acme: string;
  let globex: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner', vera: 'viewer', ada: 'author' });
    globex = await t.createTenant('globex', { gus: 'owner' });
    for (const sub of ['olive', 'vera', 'ada', 'gus', 'nobody']) {
      tokens[sub] = await t.issuer.sign({ sub });
    }
    tokens.root = await t.issuer.sign({ sub: 'root', roles: ['admin'] });
  });
  afterAll(() => t?.close());

  const as = (who: string) => bearer(tokens[who]!);

  it('lists the caller’s own memberships with tenant names', async () => {
    const response = await t.app.inject({ url: `${API}/me/memberships`, headers: as('olive') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      memberships: [
        {
          clientId: acme,
          clientSlug: 'acme',
          clientName: 'Tenant acme',
          role: 'owner',
          deletionDueAt: null,
        },
      ],
    });
    const none = await t.app.inject({ url: `${API}/me/memberships`, headers: as('nobody') });
    expect(none.json()).toEqual({ memberships: [] });
  });

  it('lets an admin list every tenant, and nobody else', async () => {
    const response = await t.app.inject({ url: `${API}/clients`, headers: as('root') });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ tenants: { slug: string }[] }>().tenants.map((x) => x.slug)).toEqual([
      'acme',
      'globex',
    ]);
    for (const who of ['olive', 'nobody']) {
      const refused = await t.app.inject({ url: `${API}/clients`, headers: as(who) });
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.app.inject(`${API}/clients`)).statusCode).toBe(401);
  });

  it('lets an admin manage the members of a tenant they do not belong to', async () => {
    const url = `${API}/clients/${globex}/members/grace`;
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: as('root'),
      payload: { role: 'reviewer' },
    });
    expect(put.statusCode).toBe(204);
    expect(put.body).toBe('');
    const list = await t.app.inject({
      url: `${API}/clients/${globex}/members`,
      headers: as('root'),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      members: [
        { userId: 'gus', role: 'owner' },
        { userId: 'grace', role: 'reviewer' },
      ],
    });
    const removed = await t.app.inject({ method: 'DELETE', url, headers: as('root') });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url, headers: as('root') });
    expect(again.statusCode).toBe(404);
  });

  it('answers an admin about a tenant that does not exist with 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await t.app.inject({
      url: `${API}/clients/${missing}/members`,
      headers: as('root'),
    });
    expect(response.statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${missing}/members/x`,
      headers: as('root'),
      payload: { role: 'viewer' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('tells any member which of the people asked about belong to the tenant, and nobody else', async () => {
    const url = (clientId: string, ids: string) =>
      `${API}/clients/${clientId}/member-ids?ids=${encodeURIComponent(ids)}`;
    const asked = await t.app.inject({
      url: url(acme, 'vera,gus,olive,nobody'),
      headers: as('vera'),
    });
    expect(asked.statusCode).toBe(200);
    // gus belongs to another tenant: that is not this tenant's to say.
    expect(asked.json()).toEqual({ userIds: ['olive', 'vera'] });
    const outsider = await t.app.inject({ url: url(acme, 'olive'), headers: as('gus') });
    // As for every tenant route, an outsider cannot tell the tenant exists.
    expect(outsider.statusCode).toBe(404);
    const tooMany = Array.from({ length: 51 }, (_, i) => `p${i}`).join(',');
    for (const ids of [tooMany, 'olive,olive']) {
      const refused = await t.app.inject({ url: url(acme, ids), headers: as('olive') });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation.failed' });
    }
  });

  it('lets an owner add, change and remove members', async () => {
    const url = `${API}/clients/${acme}/members/rita`;
    const put = (role: string) =>
      t.app.inject({ method: 'PUT', url, headers: as('olive'), payload: { role } });
    expect((await put('viewer')).statusCode).toBe(204);
    expect((await put('reviewer')).statusCode).toBe(204);
    const rita = await t.issuer.sign({ sub: 'rita' });
    const mine = await t.app.inject({ url: `${API}/me/memberships`, headers: bearer(rita) });
    expect(mine.json()).toMatchObject({ memberships: [{ clientId: acme, role: 'reviewer' }] });
    expect((await t.app.inject({ method: 'DELETE', url, headers: as('olive') })).statusCode).toBe(
      204,
    );
  });

  it('refuses a role or user id outside the contract with per-field errors', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/members/rita`,
      headers: as('olive'),
      payload: { role: 'emperor' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field: 'body.role' }],
    });
  });

  it('never removes or demotes the last owner', async () => {
    const url = `${API}/clients/${acme}/members/olive`;
    const demote = await t.app.inject({
      method: 'PUT',
      url,
      headers: as('olive'),
      payload: { role: 'author' },
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field: 'body.role' }],
    });
    const remove = await t.app.inject({ method: 'DELETE', url, headers: as('root') });
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toMatchObject({ errors: [{ field: 'params.userId' }] });

    // With a second owner, the first may step down.
    const promote = await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/members/ada`,
      headers: as('olive'),
      payload: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          headers: as('olive'),
          payload: { role: 'author' },
        })
      ).statusCode,
    ).toBe(204);
    const restore = await t.app.inject({
      method: 'PUT',
      url,
      headers: as('ada'),
      payload: { role: 'owner' },
    });
    expect(restore.statusCode).toBe(204);
    const stepDown = await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/members/ada`,
      headers: as('ada'),
      payload: { role: 'author' },
    });
    expect(stepDown.statusCode).toBe(204);
  });

  it('keeps one owner when two owners demote each other at the same moment', async () => {
    // Straight to the service: through HTTP, loading each caller's roles spaces the two apart.
    const service = createMemberService({
      members: createMemberRepository(t.db),
      tenants: createTenantRepository(t.db),
    });
    for (let round = 0; round < 5; round += 1) {
      const tenant = await t.createTenant(`race-${round}`, { a: 'owner', b: 'owner' });
      const results = await Promise.allSettled([
        service.set(tenant, 'a', 'viewer'),
        service.set(tenant, 'b', 'viewer'),
      ]);
      const owners = await t.db
        .selectFrom('memberships')
        .select('user_id')
        .where('client_id', '=', tenant)
        .where('role', '=', 'owner')
        .execute();
      expect(owners).toHaveLength(1);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    }
  });

  it('tells a member without the permission 403, and nothing more', async () => {
    for (const who of ['vera', 'ada']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${API}/clients/${acme}/members/vera`,
        headers: as(who),
        payload: { role: 'owner' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
    }
    const list = await t.app.inject({ url: `${API}/clients/${acme}/members`, headers: as('vera') });
    expect(list.statusCode).toBe(403);
  });

  it('answers another tenant’s member or API key on every tenant route exactly as for a missing tenant', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const tenantRoutes = t.routes.filter(
      (route) => route.url.includes(':clientId') && route.method !== 'HEAD',
    );
    expect(tenantRoutes.length).toBeGreaterThanOrEqual(17);
    // Real ids of acme's, so a leak would show as data rather than as a 404 for a missing row.
    const bank = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks`,
      headers: as('ada'),
      payload: { slug: 'isolated', title: 'Isolated' },
    });
    const bankId = bank.json<{ id: string }>().id;
    const question = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bankId}/questions`,
      headers: as('ada'),
      payload: {
        content: {
          type: 'true_false',
          stem: 'Olive wrote this?',
          topic: 'T',
          difficulty: 1,
          answer: true,
        },
      },
    });
    const questionId = question.json<{ id: string }>().id;
    const globexKey = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${globex}/credentials`,
      headers: as('gus'),
      payload: { scopes: ['banks:read', 'banks:write'] },
    });
    const outsiders = [as('gus'), bearer(globexKey.json<{ secret: string }>().secret)];

    for (const headers of outsiders) {
      for (const route of tenantRoutes) {
        const answers = [];
        for (const clientId of [acme, missing]) {
          const url = route.url
            .replace(':clientId', clientId)
            .replace(':userId', 'olive')
            .replace(':credentialId', '11111111-1111-4111-8111-111111111111')
            .replace(':bankId', bankId)
            .replace(':questionId', questionId)
            .replace(':version', '1');
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
          });
          const body = response.json<Record<string, unknown>>();
          // These two differ between any two requests, whatever they ask.
          delete body.instance;
          delete body.requestId;
          answers.push({ status: response.statusCode, body });
        }
        expect(answers[0], `${route.method} ${route.url}`).toEqual(answers[1]);
        expect(answers[0]!.status).toBe(404);
        expect(JSON.stringify(answers[0])).not.toMatch(/olive|Isolated|Olive wrote/);
      }
    }
    const stillOwner = await t.app.inject({ url: `${API}/me/memberships`, headers: as('olive') });
    expect(stillOwner.json()).toMatchObject({ memberships: [{ clientId: acme, role: 'owner' }] });
    const untouched = await t.app.inject({
      url: `${API}/clients/${acme}/questions/${questionId}`,
      headers: as('olive'),
    });
    expect(untouched.json()).toMatchObject({ revision: 1, currentVersion: 1 });
  });

  it('seeds a membership once and leaves a changed role alone', async () => {
    expect(
      await seedMembership(t.db, { tenantSlug: 'globex', userId: 'demo-author', role: 'author' }),
    ).toEqual({ granted: true });
    await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${globex}/members/demo-author`,
      headers: as('gus'),
      payload: { role: 'reviewer' },
    });
    expect(
      await seedMembership(t.db, { tenantSlug: 'globex', userId: 'demo-author', role: 'author' }),
    ).toEqual({ granted: false });
    const members = await t.app.inject({
      url: `${API}/clients/${globex}/members`,
      headers: as('gus'),
    });
    expect(members.json()).toMatchObject({
      members: expect.arrayContaining([
        { userId: 'demo-author', role: 'reviewer', createdAt: expect.any(String) },
      ]),
    });
    await expect(
      seedMembership(t.db, { tenantSlug: 'nowhere', userId: 'x', role: 'author' }),
    ).rejects.toThrow(/nowhere/);
  });
});
