import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionContent, type Bank } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createQuestionRepository } from '../questions/question.repository';
import { sampleQuestions } from '../questions/sample-questions';

const API = '/qdb/api/v1';

describe('banks', () => {
  let t: TestQuestionDb;
  let acme: string;
  const headers: Record<string, { authorization: string }> = {};

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const call = (who: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}/clients/${acme}${url}`, headers: headers[who], payload });

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner', ada: 'author', vera: 'viewer' });
    for (const sub of ['olive', 'ada', 'vera']) headers[sub] = bearer(await t.issuer.sign({ sub }));
    headers.root = bearer(await t.issuer.sign({ sub: 'root', roles: ['admin'] }));
  });
  afterAll(() => t?.close());

  it('creates a bank with defaults and reads it back with its question count', async () => {
    const created = await call('ada', 'POST', '/banks', { slug: 'algebra', title: 'Algebra' });
    expect(created.statusCode).toBe(201);
    const bank = created.json<Bank>();
    expect(bank).toEqual({
      id: expect.any(String),
      clientId: acme,
      slug: 'algebra',
      title: 'Algebra',
      description: '',
      language: 'en',
      visibility: 'private',
      tags: [],
      questionCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      archivedAt: null,
    });
    await call('ada', 'POST', `/banks/${bank.id}/questions`, { content: sampleQuestions.numeric });
    const read = await call('vera', 'GET', `/banks/${bank.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ slug: 'algebra', questionCount: 1 });
  });

  it('refuses a slug the tenant already uses, on create and on change', async () => {
    await call('ada', 'POST', '/banks', { slug: 'taken', title: 'Taken' });
    const duplicate = await call('ada', 'POST', '/banks', { slug: 'taken', title: 'Again' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field: 'body.slug' }],
    });
    const other = (
      await call('ada', 'POST', '/banks', { slug: 'other', title: 'Other' })
    ).json<Bank>();
    const renamed = await call('ada', 'PATCH', `/banks/${other.id}`, { slug: 'taken' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ errors: [{ field: 'body.slug' }] });
  });

  it('changes only the fields a PATCH sends', async () => {
    const bank = (
      await call('ada', 'POST', '/banks', {
        slug: 'history',
        title: 'History',
        description: 'Dates and people',
        language: 'de',
        visibility: 'public',
        tags: ['humanities'],
      })
    ).json<Bank>();
    const patched = await call('ada', 'PATCH', `/banks/${bank.id}`, { title: 'World history' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({
      ...bank,
      title: 'World history',
      updatedAt: expect.any(String),
    });
    const invalid = await call('ada', 'PATCH', `/banks/${bank.id}`, { visibility: 'secret' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errors: [{ field: 'body.visibility' }] });
  });

  it('searches a bank in its new language once the language changes', async () => {
    const bank = (
      await call('ada', 'POST', '/banks', { slug: 'lang', title: 'Lang' })
    ).json<Bank>();
    await call('ada', 'POST', `/banks/${bank.id}/questions`, {
      content: {
        ...sampleQuestions.true_false,
        stem: 'Die Hauptstädte Europas liegen an Flüssen.',
      },
    });
    const search = (q: string) =>
      call('ada', 'GET', `/questions?bankId=${bank.id}&q=${encodeURIComponent(q)}`).then(
        (response) => response.json<{ questions: unknown[] }>().questions.length,
      );
    // English stemming does not know that Hauptstadt is the singular of Hauptstädte.
    expect(await search('Hauptstadt')).toBe(0);
    await call('ada', 'PATCH', `/banks/${bank.id}`, { language: 'de' });
    expect(await search('Hauptstadt')).toBe(1);
  });

  it('lets viewers read but not write, and hides private banks from admins outside the tenant', async () => {
    const bank = (
      await call('ada', 'POST', '/banks', { slug: 'private', title: 'P' })
    ).json<Bank>();
    expect((await call('vera', 'POST', '/banks', { slug: 'v', title: 'V' })).statusCode).toBe(403);
    expect((await call('vera', 'PATCH', `/banks/${bank.id}`, { title: 'X' })).statusCode).toBe(403);
    const asAdmin = await call('root', 'GET', `/banks/${bank.id}`);
    expect(asAdmin.statusCode).toBe(404);
    await call('ada', 'PATCH', `/banks/${bank.id}`, { visibility: 'public' });
    expect((await call('root', 'GET', `/banks/${bank.id}`)).statusCode).toBe(200);
    expect((await call('root', 'POST', '/banks', { slug: 'r', title: 'R' })).statusCode).toBe(403);
  });

  it('answers 404 for a bank of another tenant or none', async () => {
    const globex = await t.createTenant('globex', { gus: 'owner' });
    const gus = bearer(await t.issuer.sign({ sub: 'gus' }));
    const theirs = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${globex}/banks`,
      headers: gus,
      payload: { slug: 'theirs', title: 'Theirs' },
    });
    const id = theirs.json<Bank>().id;
    expect((await call('olive', 'GET', `/banks/${id}`)).statusCode).toBe(404);
    expect((await call('olive', 'PATCH', `/banks/${id}`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await call('olive', 'POST', `/banks/${id}/archive`)).statusCode).toBe(404);
    expect((await call('olive', 'POST', `/banks/${id}/restore`)).statusCode).toBe(404);
    expect((await call('olive', 'DELETE', `/banks/${id}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `${API}/clients/${globex}/banks/${id}`, headers: gus }))
        .statusCode,
    ).toBe(200);
  });

  /** A public bank with one published question, as a learner's catalog would list it. */
  const publishedBank = async (slug: string) => {
    const bank = (
      await call('ada', 'POST', '/banks', { slug, title: slug, visibility: 'public' })
    ).json<Bank>();
    await createQuestionRepository(t.db).insertMany(
      acme,
      bank.id,
      [{ content: questionContent.parse(sampleQuestions.true_false), status: 'published' }],
      'ada',
    );
    return bank;
  };
  const inCatalog = async (bank: Bank) => {
    const list = await t.app.inject({ url: `${API}/catalog/banks?q=${bank.title}` });
    return list.json<{ banks: { id: string }[] }>().banks.some((listed) => listed.id === bank.id);
  };
  const tenantDraw = (bankId: string) =>
    call('ada', 'POST', `/banks/${bankId}/draw`, { rules: [{ count: 1 }] });

  it('archives a bank out of the catalog and draws, and restores it', async () => {
    const bank = await publishedBank('archived-rivers');
    expect(await inCatalog(bank)).toBe(true);
    expect((await tenantDraw(bank.id)).statusCode).toBe(200);

    expect((await call('vera', 'POST', `/banks/${bank.id}/archive`)).statusCode).toBe(403);
    const archived = await call('ada', 'POST', `/banks/${bank.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<Bank>().archivedAt).toEqual(expect.any(String));
    expect(await inCatalog(bank)).toBe(false);
    expect((await t.app.inject({ url: `${API}/catalog/banks/${bank.id}` })).statusCode).toBe(404);
    expect((await tenantDraw(bank.id)).statusCode).toBe(404);
    const listed = await call('ada', 'GET', '/banks?limit=100');
    expect(
      listed.json<{ banks: Bank[] }>().banks.find((item) => item.id === bank.id)?.archivedAt,
    ).toEqual(expect.any(String));
    // Its authors still see it, with its questions, for history.
    expect((await call('vera', 'GET', `/banks/${bank.id}`)).json()).toMatchObject({
      questionCount: 1,
    });

    const restored = await call('ada', 'POST', `/banks/${bank.id}/restore`);
    expect(restored.json<Bank>().archivedAt).toBeNull();
    expect(await inCatalog(bank)).toBe(true);
    expect((await tenantDraw(bank.id)).statusCode).toBe(200);
  });

  it('deletes a bank of drafts with them, and refuses one with a published question', async () => {
    const drafts = (
      await call('ada', 'POST', '/banks', { slug: 'only-drafts', title: 'Drafts' })
    ).json<Bank>();
    await call('ada', 'POST', `/banks/${drafts.id}/questions`, {
      content: sampleQuestions.numeric,
    });
    expect((await call('vera', 'DELETE', `/banks/${drafts.id}`)).statusCode).toBe(403);
    expect((await call('ada', 'DELETE', `/banks/${drafts.id}`)).statusCode).toBe(204);
    expect((await call('ada', 'GET', `/banks/${drafts.id}`)).statusCode).toBe(404);

    const published = await publishedBank('published-once');
    const refused = await call('ada', 'DELETE', `/banks/${published.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'bank.has_published' });
    expect((await call('ada', 'GET', `/banks/${published.id}`)).statusCode).toBe(200);
  });

  it('refuses a malformed bank id with validation.failed', async () => {
    const response = await call('ada', 'POST', '/banks/not-a-uuid/archive');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed' });
  });
});
