import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem, QuestionBulkResult, QuestionDetail, QuestionList } from '@questa/contracts';
import { QUESTION_BULK_MAX } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { sampleQuestions } from './sample-questions';

const API = '/qdb/api/v1';

describe('bulk actions on a bank’s questions', () => {
  let t: TestQuestionDb;
  let acme: string;
  let globex: string;
  let globexBank: string;
  const headers: Record<string, { authorization: string }> = {};

  type Method = 'GET' | 'POST';
  const call = (who: string, method: Method, url: string, payload?: object, tenant = acme) =>
    t.app.inject({
      method,
      url: `${API}/clients/${tenant}${url}`,
      headers: headers[who],
      payload,
    });

  const newBank = (slug: string, who = 'olive', tenant = acme) =>
    t.createBank(tenant, slug, headers[who]!);
  const create = async (bankId: string, topic = 'Rivers', writer = 'olive') => {
    const content = { ...sampleQuestions.single_choice, topic };
    const response = await call(writer, 'POST', `/banks/${bankId}/questions`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<QuestionDetail>().id;
  };
  const createMany = (bankId: string, count: number, topic?: string, writer?: string) =>
    Promise.all(Array.from({ length: count }, () => create(bankId, topic, writer)));
  const bulk = (who: string, bankId: string, body: object, tenant = acme) =>
    call(who, 'POST', `/banks/${bankId}/questions/bulk`, body, tenant);
  const bulkOk = async (who: string, bankId: string, body: object) => {
    const response = await bulk(who, bankId, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<QuestionBulkResult>();
  };
  const statusesIn = async (bankId: string) => {
    const response = await call('olive', 'GET', `/questions?bankId=${bankId}&limit=100`);
    const { questions } = response.json<QuestionList>();
    return Object.fromEntries(questions.map((q) => [q.id, q.status]));
  };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant(
      'acme',
      { olive: 'owner', ada: 'author', rey: 'reviewer' },
      { secondPerson: true },
    );
    globex = await t.createTenant('globex', { gus: 'owner' });
    for (const sub of ['olive', 'ada', 'rey', 'gus']) {
      headers[sub] = bearer(await t.issuer.sign({ sub }));
    }
    globexBank = await newBank('globex-bank', 'gus', globex);
  });
  afterAll(() => t?.close());

  it('submits and then publishes every question named, in one request each', async () => {
    const bankId = await newBank('happy');
    const ids = await createMany(bankId, 5);

    const submitted = await bulkOk('ada', bankId, { action: 'submit', questionIds: ids });
    expect(submitted).toEqual({ action: 'submit', done: ids, skipped: [] });
    const published = await bulkOk('rey', bankId, { action: 'publish', questionIds: ids });
    expect(published.done).toEqual(ids);
    expect(Object.values(await statusesIn(bankId))).toEqual(Array(5).fill('published'));

    // Each question went through the same versions and revisions as one at a time.
    const one = await call('olive', 'GET', `/questions/${ids[0]}`);
    expect(one.json<QuestionDetail>()).toMatchObject({ publishedVersion: 1, revision: 3 });

    const retired = await bulkOk('rey', bankId, { action: 'retire', questionIds: ids.slice(0, 2) });
    expect(retired.done).toEqual(ids.slice(0, 2));
    const statuses = await statusesIn(bankId);
    expect(ids.map((id) => statuses[id])).toEqual([
      'retired',
      'retired',
      'published',
      'published',
      'published',
    ]);
  });

  it('publishes drafts in one step for someone who may both submit and publish', async () => {
    const bankId = await newBank('one-step');
    const ids = await createMany(bankId, 5, 'Rivers', 'ada');

    // A reviewer alone may not submit, so their drafts stay where they are.
    const reviewer = await bulkOk('rey', bankId, { action: 'publish', questionIds: ids });
    expect(reviewer.done).toEqual([]);
    expect(reviewer.skipped.map((s) => s.reason)).toEqual(Array(5).fill('not_in_review'));

    const owner = await bulkOk('olive', bankId, { action: 'publish', questionIds: ids });
    expect(owner).toEqual({ action: 'publish', done: ids, skipped: [] });
    expect(Object.values(await statusesIn(bankId))).toEqual(Array(5).fill('published'));
    // The same version, published once: learners see version 1.
    const one = await call('olive', 'GET', `/questions/${ids[0]}`);
    expect(one.json<QuestionDetail>()).toMatchObject({ publishedVersion: 1, currentVersion: 1 });

    // The owner asked for a second person's review: the owner's own drafts
    // are left for the reviewer, with the reason.
    const own = await createMany(bankId, 2, 'Rivers', 'olive');
    const refused = await bulkOk('olive', bankId, { action: 'publish', questionIds: own });
    expect(refused.done).toEqual([]);
    expect(refused.skipped.map((s) => s.reason)).toEqual(['own_version', 'own_version']);
  });

  it('acts on every question matching the list filters, and counts them as the list does', async () => {
    const bankId = await newBank('filtered');
    const rivers = await createMany(bankId, 3, 'Rivers');
    const mountains = await createMany(bankId, 2, 'Mountains');

    const count = await call('olive', 'GET', `/questions/count?bankId=${bankId}&topic=Rivers`);
    expect(count.json()).toEqual({ count: 3 });

    const result = await bulkOk('ada', bankId, { action: 'submit', matching: { topic: 'Rivers' } });
    expect([...result.done].sort()).toEqual([...rivers].sort());
    const statuses = await statusesIn(bankId);
    expect(rivers.map((id) => statuses[id])).toEqual(Array(3).fill('in_review'));
    expect(mountains.map((id) => statuses[id])).toEqual(Array(2).fill('draft'));

    // `{}` selects the whole bank; the search text narrows like the list's.
    const everything = await call('olive', 'GET', `/questions/count?bankId=${bankId}`);
    expect(everything.json()).toEqual({ count: 5 });
    const all = await bulkOk('rey', bankId, { action: 'publish', matching: {} });
    expect(all.done).toHaveLength(3);
    expect(all.skipped).toHaveLength(2);
  });

  it('skips each question the workflow does not allow, saying why, and does the rest', async () => {
    const bankId = await newBank('mixed');
    const [draft, inReview, published] = await createMany(bankId, 3);
    await bulkOk('ada', bankId, { action: 'submit', questionIds: [inReview, published] });
    await bulkOk('rey', bankId, { action: 'publish', questionIds: [published] });
    const missing = '00000000-0000-4000-8000-000000000000';

    const publish = await bulkOk('rey', bankId, {
      action: 'publish',
      questionIds: [draft, inReview, published, missing],
    });
    expect(publish.done).toEqual([inReview]);
    expect(publish.skipped).toEqual([
      { questionId: draft, reason: 'not_in_review', detail: expect.stringContaining('draft') },
      { questionId: published, reason: 'not_in_review', detail: expect.any(String) },
      { questionId: missing, reason: 'not_found', detail: expect.any(String) },
    ]);

    const retire = await bulkOk('rey', bankId, { action: 'retire', questionIds: [draft] });
    expect(retire.skipped[0]?.reason).toBe('not_published');

    const remove = await bulkOk('ada', bankId, {
      action: 'delete',
      questionIds: [draft, inReview],
    });
    expect(remove.done).toEqual([draft]);
    expect(remove.skipped).toEqual([
      { questionId: inReview, reason: 'not_draft', detail: expect.any(String) },
    ]);
    expect((await call('olive', 'GET', `/questions/${draft}`)).statusCode).toBe(404);

    // A published question given a new draft version stays: it may have been answered.
    const current = (await call('olive', 'GET', `/questions/${inReview}`)).json<QuestionDetail>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/questions/${inReview}`,
      headers: headers.ada,
      payload: { content: sampleQuestions.true_false, expectedRevision: current.revision },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await bulkOk('ada', bankId, { action: 'delete', questionIds: [inReview] });
    expect(again.skipped[0]?.reason).toBe('was_published');
  });

  it('moves questions with their versions to another bank of the tenant', async () => {
    const from = await newBank('move-from');
    const to = await newBank('move-to');
    const ids = await createMany(from, 2);
    await bulkOk('ada', from, { action: 'submit', questionIds: [ids[0]] });

    const moved = await bulkOk('ada', from, {
      action: 'move',
      questionIds: ids,
      targetBankId: to,
    });
    expect(moved.done).toEqual(ids);
    expect(Object.keys(await statusesIn(from))).toEqual([]);
    expect(Object.keys(await statusesIn(to)).sort()).toEqual([...ids].sort());
    const detail = (await call('olive', 'GET', `/questions/${ids[0]}`)).json<QuestionDetail>();
    expect(detail).toMatchObject({ bankId: to, current: { status: 'in_review' } });
  });

  it('keeps tenants apart: another tenant’s bank, questions and target bank are not found', async () => {
    const bankId = await newBank('isolated');
    const [mine] = await createMany(bankId, 1);
    const globexQuestion = (
      await call(
        'gus',
        'POST',
        `/banks/${globexBank}/questions`,
        { content: sampleQuestions.single_choice },
        globex,
      )
    ).json<QuestionDetail>().id;

    // Another tenant's bank under this tenant's address is no bank of this tenant.
    const foreignBank = await bulk('olive', globexBank, { action: 'submit', matching: {} });
    expect(foreignBank.statusCode).toBe(404);
    // Nor may a member of one tenant act in another.
    const outsider = await bulk('gus', bankId, { action: 'submit', questionIds: [mine] });
    expect(outsider.statusCode).toBe(404);

    const foreignIds = await bulkOk('olive', bankId, {
      action: 'submit',
      questionIds: [mine, globexQuestion],
    });
    expect(foreignIds.done).toEqual([mine]);
    expect(foreignIds.skipped).toEqual([
      { questionId: globexQuestion, reason: 'not_found', detail: expect.any(String) },
    ]);
    const untouched = await call('gus', 'GET', `/questions/${globexQuestion}`, undefined, globex);
    expect(untouched.json<QuestionDetail>().current.status).toBe('draft');

    const move = await bulk('olive', bankId, {
      action: 'move',
      questionIds: [mine],
      targetBankId: globexBank,
    });
    expect(move.statusCode).toBe(404);
    expect(move.json<Problem>().code).toBe('not_found');
    expect((await call('olive', 'GET', `/questions/${mine}`)).json<QuestionDetail>().bankId).toBe(
      bankId,
    );
  });

  it('refuses more than the limit with a problem that says so, and changes nothing', async () => {
    const bankId = await newBank('too-many');
    const questionIds = Array.from(
      { length: QUESTION_BULK_MAX + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const response = await bulk('olive', bankId, { action: 'submit', questionIds });
    expect(response.statusCode).toBe(400);
    const problem = response.json<Problem>();
    expect(problem.code).toBe('validation.failed');
    expect(problem.errors).toEqual([
      { field: 'body.questionIds', message: expect.stringContaining(`${QUESTION_BULK_MAX}`) },
    ]);
  });

  it('refuses a filter that matches more than the limit', async () => {
    const bankId = await newBank('big');
    const content = sampleQuestions.true_false;
    const imported = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bankId}/import?format=gift`,
      headers: { ...headers.olive, 'content-type': 'text/plain' },
      payload: Array.from(
        { length: QUESTION_BULK_MAX + 1 },
        (_, i) => `::q${i}::${content.stem} ${i} {T}`,
      ).join('\n\n'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const response = await bulk('olive', bankId, { action: 'submit', matching: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json<Problem>().code).toBe('bulk.too_many');
    expect(Object.values(await statusesIn(bankId)).every((status) => status === 'draft')).toBe(
      true,
    );
  });

  it('refuses an action the role does not allow, and a body that names no questions', async () => {
    const bankId = await newBank('roles');
    const ids = await createMany(bankId, 2);
    await bulkOk('ada', bankId, { action: 'submit', questionIds: ids });

    const author = await bulk('ada', bankId, { action: 'publish', questionIds: ids });
    expect(author.statusCode).toBe(403);
    expect(author.json<Problem>()).toMatchObject({
      code: 'auth.forbidden',
      detail: expect.stringContaining('question:publish'),
    });
    const reviewer = await bulk('rey', bankId, { action: 'delete', questionIds: ids });
    expect(reviewer.statusCode).toBe(403);
    expect(Object.values(await statusesIn(bankId))).toEqual(['in_review', 'in_review']);

    const neither = await bulk('olive', bankId, { action: 'submit' });
    expect(neither.statusCode).toBe(400);
    const moveWithoutTarget = await bulk('olive', bankId, { action: 'move', matching: {} });
    expect(moveWithoutTarget.statusCode).toBe(400);
  });
});
