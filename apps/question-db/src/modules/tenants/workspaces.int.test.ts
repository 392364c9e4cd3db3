import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { sampleQuestions } from '../questions/sample-questions';

const API = '/qdb/api/v1';

describe('creating and renaming workspaces', () => {
  let t: TestQuestionDb;
  let acme: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner', ada: 'author' });
    for (const sub of ['olive', 'ada', 'newcomer', 'other']) {
      tokens[sub] = await t.issuer.sign({ sub });
    }
    tokens.root = await t.issuer.sign({ sub: 'root', roles: ['admin'] });
  });
  afterAll(() => t?.close());

  const as = (who: string) => bearer(tokens[who]!);
  const create = (who: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${API}/clients`, headers: as(who), payload });

  it('lets any signed-in person create a workspace, which they then own', async () => {
    const created = await create('newcomer', { name: 'Biology 101', slug: 'biology-101' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'biology-101', name: 'Biology 101' });
    const mine = await t.app.inject({ url: `${API}/me/memberships`, headers: as('newcomer') });
    expect(mine.json()).toEqual({
      memberships: [
        {
          clientId: created.json<{ id: string }>().id,
          clientSlug: 'biology-101',
          clientName: 'Biology 101',
          role: 'owner',
          deletionDueAt: null,
        },
      ],
    });
  });

  it('refuses a taken address with its own code, and a malformed or reserved one', async () => {
    const taken = await create('other', { name: 'Acme too', slug: 'acme' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'workspace.slug_taken' });
    for (const slug of ['admin', 'Has Spaces', 'ab', 'x'.repeat(41)]) {
      const refused = await create('other', { name: 'Anything', slug });
      expect(refused.statusCode, slug).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation.failed' });
    }
    const blank = await create('other', { name: '   ', slug: 'blank-name' });
    expect(blank.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/clients`, payload: {} })).statusCode,
    ).toBe(401);
  });

  it('checks an address and suggests a free one near it', async () => {
    const check = async (slug: string) =>
      (
        await t.app.inject({
          url: `${API}/clients/slug-check?${new URLSearchParams({ slug })}`,
          headers: as('other'),
        })
      ).json<{ available: boolean; problem: string | null; suggestion: string }>();
    expect(await check('chemistry')).toMatchObject({
      available: true,
      problem: null,
      suggestion: 'chemistry',
    });
    expect(await check('acme')).toMatchObject({
      available: false,
      problem: 'taken',
      suggestion: 'acme-2',
    });
    expect(await check('settings')).toMatchObject({ available: false, problem: 'reserved' });
    expect(await check('Not A Slug')).toMatchObject({
      available: false,
      problem: 'invalid',
      suggestion: 'not-a-slug',
    });
  });

  it('lets an owner rename their workspace; other roles get 403, outsiders 404', async () => {
    const rename = (who: string, clientId: string, name: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `${API}/clients/${clientId}`,
        headers: as(who),
        payload: { name },
      });
    const renamed = await rename('olive', acme, 'Acme Learning');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: 'acme', name: 'Acme Learning' });
    expect((await rename('ada', acme, 'Mine now')).statusCode).toBe(403);
    expect((await rename('other', acme, 'Mine now')).statusCode).toBe(404);
    // Another workspace's id, even one the caller owns elsewhere, reaches only that workspace.
    const unknown = await rename('olive', '00000000-0000-4000-8000-000000000000', 'Ghost');
    expect(unknown.statusCode).toBe(404);
  });

  it('lets platform admins search, suspend and restore a workspace, closing it meanwhile', async () => {
    const search = await t.app.inject({
      url: `${API}/clients?q=ACME`,
      headers: as('root'),
    });
    expect(search.json<{ tenants: { slug: string }[] }>().tenants.map((x) => x.slug)).toEqual([
      'acme',
    ]);
    // A public bank with a published question, listed in the catalog until the suspension.
    const bank = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks`,
      headers: as('olive'),
      payload: { slug: 'open-bank', title: 'Open bank', visibility: 'public' },
    });
    const bankId = bank.json<{ id: string }>().id;
    const question = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bankId}/questions`,
      headers: as('olive'),
      payload: { content: sampleQuestions.true_false },
    });
    const { id: questionId, revision } = question.json<{ id: string; revision: number }>();
    const published = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/questions/${questionId}/transitions`,
      headers: as('olive'),
      payload: { action: 'publish', expectedRevision: revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    const listed = async () =>
      (await t.app.inject(`${API}/catalog/banks`))
        .json<{ banks: { id: string }[] }>()
        .banks.some((listedBank) => listedBank.id === bankId);
    expect(await listed()).toBe(true);

    const suspension = `${API}/clients/${acme}/suspension`;
    expect(
      (await t.app.inject({ method: 'PUT', url: suspension, headers: as('olive') })).statusCode,
    ).toBe(403);
    const suspended = await t.app.inject({ method: 'PUT', url: suspension, headers: as('root') });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json<{ suspendedAt: string | null }>().suspendedAt).not.toBeNull();

    const banks = (who: string) =>
      t.app.inject({ url: `${API}/clients/${acme}/banks`, headers: as(who) });
    const closed = await banks('ada');
    expect(closed.statusCode).toBe(423);
    expect(closed.json()).toMatchObject({ code: 'workspace.suspended' });
    // Outsiders still learn nothing about it, and admins still look into it.
    expect((await banks('other')).statusCode).toBe(404);
    expect((await banks('root')).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect((await t.app.inject(`${API}/catalog/banks/${bankId}`)).statusCode).toBe(404);

    const restored = await t.app.inject({ method: 'DELETE', url: suspension, headers: as('root') });
    expect(restored.json()).toMatchObject({ suspendedAt: null });
    expect((await banks('ada')).statusCode).toBe(200);
    expect(await listed()).toBe(true);
  });
  it('schedules, keeps and erases a workspace for the main API only, freezing its changes meanwhile', async () => {
    const created = await create('olive', { name: 'Closing down', slug: 'closing-down' });
    const id = created.json<{ id: string }>().id;
    const service = await t.issuer.signService();
    const asService = { authorization: `Bearer ${service}` };
    const deletion = `${API}/clients/${id}/deletion`;
    const dueAt = '2030-01-15T10:00:00.000Z';
    // Owners and admins ask the main API, never the question database.
    for (const who of ['olive', 'root']) {
      const direct = await t.app.inject({
        method: 'PUT',
        url: deletion,
        headers: as(who),
        payload: { dueAt },
      });
      expect(direct.statusCode, who).toBe(403);
    }
    const scheduled = await t.app.inject({
      method: 'PUT',
      url: deletion,
      headers: asService,
      payload: { dueAt },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(new Date(scheduled.json<{ deletionDueAt: string }>().deletionDueAt).toISOString()).toBe(
      dueAt,
    );
    const mine = await t.app.inject({ url: `${API}/me/memberships`, headers: as('olive') });
    expect(
      mine
        .json<{ memberships: { clientId: string; deletionDueAt: string | null }[] }>()
        .memberships.find((m) => m.clientId === id)?.deletionDueAt,
    ).not.toBeNull();

    const newBank = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${id}/banks`,
      headers: as('olive'),
      payload: { slug: 'late', title: 'Too late' },
    });
    expect(newBank.statusCode).toBe(423);
    expect(newBank.json()).toMatchObject({ code: 'workspace.deletion_scheduled' });
    const read = await t.app.inject({ url: `${API}/clients/${id}/banks`, headers: as('olive') });
    expect(read.statusCode).toBe(200);
    // Outsiders still learn nothing about it.
    const outsider = await t.app.inject({
      url: `${API}/clients/${id}/banks`,
      headers: as('other'),
    });
    expect(outsider.statusCode).toBe(404);

    const kept = await t.app.inject({ method: 'DELETE', url: deletion, headers: asService });
    expect(kept.json()).toMatchObject({ deletionDueAt: null });
    const erase = () =>
      t.app.inject({ method: 'DELETE', url: `${API}/clients/${id}`, headers: asService });
    // A workspace not scheduled is never erased.
    expect((await erase()).statusCode).toBe(400);
    await t.app.inject({ method: 'PUT', url: deletion, headers: asService, payload: { dueAt } });
    expect((await erase()).statusCode).toBe(204);
    expect((await erase()).statusCode).toBe(204);
    const gone = await t.app.inject({ url: `${API}/me/memberships`, headers: as('olive') });
    expect(
      gone.json<{ memberships: { clientId: string }[] }>().memberships.map((m) => m.clientId),
    ).not.toContain(id);
  });
});
