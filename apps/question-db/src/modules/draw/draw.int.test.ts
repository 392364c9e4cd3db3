import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionContent, type QuestionContent } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createQuestionRepository } from '../questions/question.repository';
import { sampleQuestions } from '../questions/sample-questions';

const API = '/qdb/api/v1';

interface Drawn {
  questions: { questionId: string; version: number; content: QuestionContent }[];
  shortfalls: { rule: number; wanted: number; found: number }[];
}

describe('drawing published questions', () => {
  let t: TestQuestionDb;
  let acme: string;
  let bankId: string;
  let headers: { authorization: string };
  let drafts: string[];
  let edited: string;

  const draw = async (body: object, bank = bankId) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bank}/draw`,
      headers,
      payload: body,
    });
    return response;
  };
  const drawn = async (body: object) => {
    const response = await draw(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Drawn>();
  };
  const idsOf = (result: Drawn) => result.questions.map((question) => question.questionId);

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { ada: 'author', rey: 'reviewer' });
    headers = bearer(await t.issuer.sign({ sub: 'ada' }));
    const bank = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks`,
      headers,
      payload: { slug: 'draw', title: 'Draw' },
    });
    bankId = bank.json<{ id: string }>().id;
    const content = (topic: string, difficulty: number, index: number) =>
      questionContent.parse({
        ...sampleQuestions.true_false,
        stem: `${topic} question ${index}`,
        topic,
        difficulty,
      });
    const questions = createQuestionRepository(t.db);
    // Ten in Algebra, two of each difficulty; three in Biology; and drafts in both.
    await questions.insertMany(
      acme,
      bankId,
      [
        ...Array.from({ length: 10 }, (_, index) => content('Algebra', (index % 5) + 1, index)),
        ...Array.from({ length: 3 }, (_, index) => content('Biology', 1, index)),
      ].map((published) => ({ content: published, status: 'published' as const })),
      'ada',
    );
    drafts = (await questions.insertMany(
      acme,
      bankId,
      Array.from({ length: 5 }, (_, index) => ({
        content: content(index % 2 ? 'Algebra' : 'Biology', 1, 100 + index),
        status: 'draft' as const,
      })),
      'ada',
    ))!;
    // A published Biology question with a newer draft: the draft must never be drawn.
    edited = (
      await t.db
        .selectFrom('questions')
        .select('id')
        .where('topic', '=', 'Biology')
        .where('status', '=', 'published')
        .executeTakeFirstOrThrow()
    ).id;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/questions/${edited}`,
      headers,
      payload: {
        content: { ...sampleQuestions.true_false, stem: 'Unpublished edit', topic: 'Biology' },
        expectedRevision: 1,
      },
    });
    expect(saved.json()).toMatchObject({ currentVersion: 2, publishedVersion: 1 });
  });
  afterAll(() => t?.close());

  it('fills each rule from its topic and difficulty, published versions only', async () => {
    const result = await drawn({
      // The narrowest rule first: a wider one drawn before it might take what it needs.
      rules: [
        { topic: 'Algebra', difficulty: 3, count: 1 },
        { topic: 'Algebra', count: 4 },
        { topic: 'Biology', count: 2 },
      ],
    });
    expect(result.shortfalls).toEqual([]);
    expect(result.questions.map((question) => question.content.topic)).toEqual([
      'Algebra',
      'Algebra',
      'Algebra',
      'Algebra',
      'Algebra',
      'Biology',
      'Biology',
    ]);
    expect(result.questions[0]!.content.difficulty).toBe(3);
    expect(new Set(idsOf(result)).size).toBe(7);
    for (const question of result.questions) {
      expect(drafts).not.toContain(question.questionId);
      expect(question.version).toBe(1);
      expect(question.content.stem).not.toBe('Unpublished edit');
    }
  });

  it('fills narrow rules before wide ones, whatever order they come in', async () => {
    for (let round = 0; round < 5; round += 1) {
      const result = await drawn({
        rules: [
          { topic: 'Algebra', count: 8 },
          { topic: 'Algebra', difficulty: 3, count: 2 },
        ],
      });
      expect(result.shortfalls).toEqual([]);
      expect(result.questions.slice(8).map((q) => q.content.difficulty)).toEqual([3, 3]);
      expect(result.questions.slice(0, 8).some((q) => q.content.difficulty === 3)).toBe(false);
    }
  });

  it('never draws a question twice, and reports rules it could not fill', async () => {
    const result = await drawn({
      rules: [
        { topic: 'Biology', count: 2 },
        { count: 20 },
        { topic: 'Chemistry', count: 3 },
        { topic: 'Algebra', difficulty: 5, count: 3 },
      ],
    });
    expect(result.questions).toHaveLength(13);
    expect(new Set(idsOf(result)).size).toBe(13);
    // Algebra at difficulty 5 drew first and found its two; the rule for any topic drew last.
    expect(result.shortfalls).toEqual([
      { rule: 1, wanted: 20, found: 9 },
      { rule: 2, wanted: 3, found: 0 },
      { rule: 3, wanted: 3, found: 2 },
    ]);
  });

  it('leaves out the questions it is told to exclude', async () => {
    const first = await drawn({ rules: [{ topic: 'Algebra', count: 6 }] });
    const second = await drawn({ rules: [{ topic: 'Algebra', count: 6 }], exclude: idsOf(first) });
    expect(second.questions).toHaveLength(4);
    expect(second.shortfalls).toEqual([{ rule: 0, wanted: 6, found: 4 }]);
    expect(idsOf(second).filter((id) => idsOf(first).includes(id))).toEqual([]);
  });

  it('draws the same questions for the same seed, and others for another', async () => {
    const body = { rules: [{ count: 5 }, { topic: 'Algebra', count: 2 }], seed: 'exam-42' };
    const first = await drawn(body);
    expect(await drawn(body)).toEqual(first);
    const others = await Promise.all(['a', 'b', 'c', 'd'].map((seed) => drawn({ ...body, seed })));
    expect(
      others.some((other) => JSON.stringify(idsOf(other)) !== JSON.stringify(idsOf(first))),
    ).toBe(true);
  });

  it('refuses malformed rules with per-field errors, and banks it cannot see with 404', async () => {
    const invalid = await draw({ rules: [{ count: 0 }], exclude: ['not-an-id'] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'validation.failed' });
    const fields = invalid.json<{ errors: { field: string }[] }>().errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.rules.0.count', 'body.exclude.0']));
    expect((await draw({ rules: [] })).statusCode).toBe(400);
    const missing = await draw({ rules: [{ count: 1 }] }, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});
