import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpProblem } from '@questa/http-kit';
import { questionDb, type SeedContent } from '@questa/question-db';
import { startQuestionDbBeside, type QuestionDbBeside } from '../testing';
import { createHttpQuestionDbClient, type QuestionDbClient } from './question-db-client';

type SeedBank = SeedContent['banks'][number];

const bank = (slug: string, visibility: SeedBank['visibility'], count: number): SeedBank => ({
  slug,
  title: slug,
  description: '',
  language: 'en',
  visibility,
  tags: [],
  questions: Array.from({ length: count }, (_, index) => ({
    mediaKeys: [],
    content: {
      type: 'short_text',
      stem: `${slug} question ${index}`,
      topic: index % 2 ? 'Rivers' : 'Capitals',
      difficulty: 1,
      accepted: ['x'],
    },
  })),
});

/** The main API draws for learners in its own name, over HTTP, from a real question database. */
describe('drawing from catalog banks through the question-database client', () => {
  let beside: QuestionDbBeside;
  let client: QuestionDbClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    beside = await startQuestionDbBeside({
      tenant: { slug: 'draw-tenant', name: 'Draw tenant' },
      media: [],
      banks: [bank('open', 'public', 6), bank('paid', 'premium', 3), bank('hidden', 'public', 3)],
    });
    // The demo content has no private banks; one is made private as an author would.
    const db = questionDb(beside.database);
    await db
      .updateTable('banks')
      .set({ visibility: 'private' })
      .where('slug', '=', 'hidden')
      .execute();
    for (const row of await db.selectFrom('banks').select(['id', 'slug']).execute()) {
      ids[row.slug] = row.id;
    }
    client = createHttpQuestionDbClient({ baseUrl: beside.url, serviceToken: beside.serviceToken });
  });
  afterAll(() => beside?.close());

  it('draws published questions from public and premium banks by rule', async () => {
    const open = await client.drawFromCatalog(ids.open!, {
      rules: [{ topic: 'Capitals', count: 2 }, { count: 2 }],
    });
    expect(open.shortfalls).toEqual([]);
    expect(open.questions).toHaveLength(4);
    expect(open.questions.slice(0, 2).map((question) => question.content.topic)).toEqual([
      'Capitals',
      'Capitals',
    ]);
    expect(open.questions[0]!.content).toMatchObject({ type: 'short_text', accepted: ['x'] });

    const paid = await client.drawFromCatalog(ids.paid!, { rules: [{ count: 5 }] }, 'req-1');
    expect(paid.questions).toHaveLength(3);
    expect(paid.shortfalls).toEqual([{ rule: 0, wanted: 5, found: 3 }]);
  });

  it('passes on not_found for a private bank, as for a missing one', async () => {
    for (const bankId of [ids.hidden!, '00000000-0000-4000-8000-000000000000']) {
      await expect(client.drawFromCatalog(bankId, { rules: [{ count: 1 }] })).rejects.toMatchObject(
        { code: 'not_found' },
      );
    }
  });

  it('passes on a request the question database finds invalid', async () => {
    await expect(
      client.drawFromCatalog(ids.open!, { rules: [{ count: 0 }] }),
    ).rejects.toMatchObject({ code: 'validation.failed' });
  });

  it('is unavailable without service tokens, never asking the learner to sign in', async () => {
    const withoutTokens = createHttpQuestionDbClient({ baseUrl: beside.url });
    const failure = await withoutTokens
      .drawFromCatalog(ids.open!, { rules: [{ count: 1 }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpProblem);
    expect(failure).toMatchObject({ code: 'unavailable' });

    // A client the question database does not trust, or a person's token in its place.
    for (const token of [
      () => beside.issuer.signService('someone-else'),
      () => beside.issuer.sign({ sub: 'a-learner' }),
    ]) {
      const misconfigured = createHttpQuestionDbClient({
        baseUrl: beside.url,
        serviceToken: { token },
      });
      await expect(
        misconfigured.drawFromCatalog(ids.open!, { rules: [{ count: 1 }] }),
      ).rejects.toMatchObject({ code: 'unavailable' });
    }
  });

  it('is unavailable when the token cannot be had', async () => {
    const broken = createHttpQuestionDbClient({
      baseUrl: beside.url,
      serviceToken: {
        token: () => Promise.reject(new HttpProblem('unavailable', { retryAfter: 5 })),
      },
    });
    await expect(
      broken.drawFromCatalog(ids.open!, { rules: [{ count: 1 }] }),
    ).rejects.toMatchObject({ code: 'unavailable' });
  });
});
