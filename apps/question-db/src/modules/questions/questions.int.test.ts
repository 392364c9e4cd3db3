import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@questa/db';
import type { QuestionDetail, QuestionVersion } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createQuestionRepository, PublishedVersionImmutableError } from './question.repository';
import { sampleQuestions } from './sample-questions';

const API = '/qdb/api/v1';

describe('questions, versions and review', () => {
  let t: TestQuestionDb;
  let acme: string;
  let bankId: string;
  const headers: Record<string, { authorization: string }> = {};

  type Method = 'GET' | 'POST' | 'PUT';
  const call = (who: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}/clients/${acme}${url}`, headers: headers[who], payload });

  const create = async (content: object = sampleQuestions.single_choice) => {
    const response = await call('ada', 'POST', `/banks/${bankId}/questions`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<QuestionDetail>();
  };
  const save = (who: string, question: QuestionDetail, content: object) =>
    call(who, 'PUT', `/questions/${question.id}`, {
      content,
      expectedRevision: question.revision,
    });
  const transition = (who: string, question: QuestionDetail, action: string) =>
    call(who, 'POST', `/questions/${question.id}/transitions`, {
      action,
      expectedRevision: question.revision,
    });
  /** Performs the step and returns the question as it is afterwards. */
  const step = async (who: string, question: QuestionDetail, action: string) => {
    const response = await transition(who, question, action);
    expect(response.statusCode, `${who} ${action}: ${response.body}`).toBe(200);
    return response.json<QuestionDetail>();
  };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant(
      'acme',
      { olive: 'owner', ada: 'author', rey: 'reviewer', vera: 'viewer' },
      // Review by a second person, so each role's steps differ.
      { secondPerson: true },
    );
    await t.createTenant('globex', { gus: 'owner' });
    for (const sub of ['olive', 'ada', 'rey', 'vera', 'gus']) {
      headers[sub] = bearer(await t.issuer.sign({ sub }));
    }
    for (const [name, scopes] of [
      ['writeKey', ['banks:read', 'banks:write']],
      ['readKey', ['banks:read']],
    ] as const) {
      const key = await t.app.inject({
        method: 'POST',
        url: `${API}/clients/${acme}/credentials`,
        headers: headers.olive,
        payload: { scopes },
      });
      headers[name] = bearer(key.json<{ secret: string }>().secret);
    }
    const bank = await call('olive', 'POST', '/banks', { slug: 'geo', title: 'Geography' });
    bankId = bank.json<{ id: string }>().id;
  });
  afterAll(() => t?.close());

  it('writes a new question as a draft at version 1, revision 1', async () => {
    const created = await create();
    expect(created).toMatchObject({
      bankId,
      clientId: acme,
      currentVersion: 1,
      publishedVersion: null,
      revision: 1,
      current: {
        questionId: created.id,
        version: 1,
        status: 'draft',
        authorId: 'ada',
        content: { ...sampleQuestions.single_choice, explanation: '', tags: [], points: 1 },
      },
    });
    const read = await call('vera', 'GET', `/questions/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('lets each role take only the steps its permissions allow', async () => {
    let question = await create();
    // Viewers read; they neither write nor move anything.
    expect((await save('vera', question, sampleQuestions.true_false)).statusCode).toBe(403);
    expect((await transition('vera', question, 'submit')).statusCode).toBe(403);
    expect((await save('readKey', question, sampleQuestions.true_false)).statusCode).toBe(403);

    question = await step('ada', question, 'submit');
    expect(question).toMatchObject({ revision: 2, current: { status: 'in_review' } });
    // Authors cannot publish their own work, nor can a key with write scope.
    for (const who of ['ada', 'writeKey', 'vera']) {
      const refused = await transition(who, question, 'publish');
      expect(refused.statusCode, who).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'auth.forbidden' });
    }
    // A reviewer sends it back; the author submits again; the reviewer publishes.
    question = await step('rey', question, 'return_to_draft');
    expect(question.current.status).toBe('draft');
    question = await step('ada', question, 'submit');
    question = await step('rey', question, 'publish');
    expect(question).toMatchObject({
      revision: 5,
      currentVersion: 1,
      publishedVersion: 1,
      current: { status: 'published' },
    });

    // A key with banks:write edits like an author: a new draft version.
    const edited = await save('writeKey', question, {
      ...sampleQuestions.single_choice,
      stem: 'What is the capital of Italy?',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    question = edited.json<QuestionDetail>();
    expect(question).toMatchObject({
      revision: 6,
      currentVersion: 2,
      publishedVersion: 1,
      current: { version: 2, status: 'draft', authorId: expect.stringMatching(/^credential:/) },
    });
    question = await step('writeKey', question, 'submit');
    expect((await transition('writeKey', question, 'publish')).statusCode).toBe(403);
    // Publishing version 2 retires version 1: one published version at a time.
    question = await step('olive', question, 'publish');
    expect(question).toMatchObject({ currentVersion: 2, publishedVersion: 2 });
    const history = await call('vera', 'GET', `/questions/${question.id}/versions`);
    expect(
      history.json<{ versions: QuestionVersion[] }>().versions.map((v) => [v.version, v.status]),
    ).toEqual([
      [2, 'published'],
      [1, 'retired'],
    ]);

    expect((await transition('ada', question, 'retire')).statusCode).toBe(403);
    question = await step('rey', question, 'retire');
    expect(question).toMatchObject({ publishedVersion: null, current: { status: 'retired' } });
  });

  it('never changes a published version: editing it adds a draft version', async () => {
    let question = await create();
    question = await step('ada', question, 'submit');
    question = await step('rey', question, 'publish');
    const published = question.current;

    const firstEdit = { ...sampleQuestions.single_choice, stem: 'Edited once' };
    question = (await save('ada', question, firstEdit)).json<QuestionDetail>();
    expect(question).toMatchObject({ currentVersion: 2, publishedVersion: 1 });
    // A second save rewrites the new draft in place rather than adding a third version.
    const secondEdit = { ...sampleQuestions.true_false, stem: 'Edited twice' };
    question = (await save('ada', question, secondEdit)).json<QuestionDetail>();
    expect(question).toMatchObject({
      currentVersion: 2,
      revision: 5,
      current: { content: { type: 'true_false', stem: 'Edited twice' } },
    });

    const version1 = await call('vera', 'GET', `/questions/${question.id}/versions/1`);
    expect(version1.statusCode).toBe(200);
    expect(version1.json()).toEqual(published);
    const history = await call('vera', 'GET', `/questions/${question.id}/versions`);
    expect(history.json<{ versions: QuestionVersion[] }>().versions).toEqual([
      question.current,
      published,
    ]);
    expect((await call('vera', 'GET', `/questions/${question.id}/versions/3`)).statusCode).toBe(
      404,
    );

    // Below the service: the repository refuses to rewrite it, and so does the database.
    const repository = createQuestionRepository(t.db);
    await expect(
      repository.changeLocked(acme, question.id, (_locked, writes) =>
        writes.rewriteDraft(question.id, 1, secondEdit as never, 'mallory'),
      ),
    ).rejects.toBeInstanceOf(PublishedVersionImmutableError);
    await expect(
      t.db
        .updateTable('question_versions')
        .set({ topic: 'Tampered' })
        .where('question_id', '=', question.id)
        .where('version', '=', 1)
        .execute(),
    ).rejects.toThrow(/cannot change/);
    await expect(
      t.db
        .updateTable('question_versions')
        .set({ status: 'draft' })
        .where('question_id', '=', question.id)
        .where('version', '=', 1)
        .execute(),
    ).rejects.toThrow(/cannot change/);
    expect((await call('vera', 'GET', `/questions/${question.id}/versions/1`)).json()).toEqual(
      published,
    );
  });

  it('puts an in-review version back to draft when it is edited', async () => {
    let question = await create();
    question = await step('ada', question, 'submit');
    const saved = await save('ada', question, sampleQuestions.numeric);
    expect(saved.json()).toMatchObject({
      currentVersion: 1,
      current: { status: 'draft', content: { type: 'numeric' } },
    });
  });

  it('refuses a save or transition based on a stale revision with conflict.version', async () => {
    const question = await create();
    const first = await save('ada', question, sampleQuestions.short_text);
    expect(first.statusCode).toBe(200);
    for (const stale of [
      await save('olive', question, sampleQuestions.numeric),
      await transition('ada', question, 'submit'),
    ]) {
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'conflict.version',
        detail: expect.stringMatching(/Someone else saved .* revision 2\b/),
      });
    }
    const current = await call('ada', 'GET', `/questions/${question.id}`);
    expect(current.json()).toMatchObject({
      revision: 2,
      current: { content: { type: 'short_text' } },
    });
  });

  it('refuses a transition the current state does not allow with conflict.version', async () => {
    const question = await create();
    for (const [who, action, detail] of [
      ['rey', 'publish', /Only a version in review can be published/],
      ['rey', 'retire', /Only a published question can be retired/],
      ['ada', 'return_to_draft', /Only a version in review can go back to draft/],
    ] as const) {
      const refused = await transition(who, question, action);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'conflict.version', detail });
    }
    const submitted = await step('ada', question, 'submit');
    const again = await transition('ada', submitted, 'submit');
    expect(again.json()).toMatchObject({ detail: expect.stringMatching(/is in review/) });
  });

  it('lets exactly one of two concurrent saves win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const question = await create();
      const results = await Promise.all([
        save('ada', question, { ...sampleQuestions.true_false, stem: 'From Ada' }),
        save('olive', question, { ...sampleQuestions.true_false, stem: 'From Olive' }),
      ]);
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((result) => result.statusCode === 200)!.json<QuestionDetail>();
      const stored = await call('ada', 'GET', `/questions/${question.id}`);
      expect(stored.json()).toMatchObject({ revision: 2, current: winner.current });
    }
  });

  it('refuses content that names media the tenant never uploaded', async () => {
    const response = await call('ada', 'POST', `/banks/${bankId}/questions`, {
      content: { ...sampleQuestions.true_false, media: ['a'.repeat(64)] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field: 'body.content.media.0' }],
    });
  });

  it('answers 404 for questions, versions and banks the tenant does not have', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `/questions/${missing}`,
      `/questions/${missing}/versions`,
      `/questions/${missing}/versions/1`,
    ]) {
      const response = await call('vera', 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    const orphan = await call('ada', 'POST', `/banks/${missing}/questions`, {
      content: sampleQuestions.true_false,
    });
    expect(orphan.statusCode).toBe(404);
    const saved = await call('ada', 'PUT', `/questions/${missing}`, {
      content: sampleQuestions.true_false,
      expectedRevision: 1,
    });
    expect(saved.statusCode).toBe(404);
    const moved = await call('rey', 'POST', `/questions/${missing}/transitions`, {
      action: 'publish',
      expectedRevision: 1,
    });
    expect(moved.statusCode).toBe(404);
  });

  it('keeps a question in step with its current version for lists and search', async () => {
    const question = await create();
    await save('ada', question, { ...sampleQuestions.cloze, topic: 'Cities', tags: ['asia'] });
    const row = await t.db
      .selectFrom('questions')
      .select([
        'type',
        'topic',
        'tags',
        'status',
        'revision',
        sql<string>`search_document::text`.as('document'),
      ])
      .where('id', '=', question.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'cloze',
      topic: 'Cities',
      tags: ['asia'],
      status: 'draft',
      revision: 2,
    });
    expect(row.document).toContain("'tokyo'");
  });
});
