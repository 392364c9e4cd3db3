import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExamAttempt,
  ExamReview,
  PracticeState,
  QuestionContentInput,
  ReviewQueue,
} from '@questa/contracts';
import { sql } from '@questa/db';
import { correctAnswer } from '@questa/scoring';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';

const tf = (stem: string, answer: boolean): QuestionContentInput => ({
  type: 'true_false',
  stem,
  topic: 'Reading',
  difficulty: 2,
  answer,
});

/** A bank of four loose questions and a passage carrying three, attached in the order 1, 2, 3. */
const readingBank = {
  slug: 'reading',
  title: 'Reading',
  description: '',
  language: 'en',
  visibility: 'public' as const,
  tags: [],
  passages: [
    {
      key: 'nile',
      content: { title: 'The Nile at Aswan', body: 'The Aswan High Dam was finished in 1970.' },
    },
  ],
  questions: [
    { content: tf('Loose one', true), mediaKeys: [] },
    { content: tf('Passage question 1', true), mediaKeys: [], passageKey: 'nile' },
    { content: tf('Loose two', false), mediaKeys: [] },
    { content: tf('Passage question 2', false), mediaKeys: [], passageKey: 'nile' },
    { content: tf('Loose three', true), mediaKeys: [] },
    { content: tf('Passage question 3', true), mediaKeys: [], passageKey: 'nile' },
    { content: tf('Loose four', false), mediaKeys: [] },
  ],
};

const passageStems = ['Passage question 1', 'Passage question 2', 'Passage question 3'];

describe('exams and practice with a passage', () => {
  let kit: LearningApi;
  let premium: Learner;
  let bankId: string;

  beforeAll(async () => {
    kit = await startLearningApi({ extraBanks: [readingBank] });
    premium = await kit.learner('ada', { premium: true });
    bankId = kit.bankId('reading');
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('keeps a passage’s questions together, in authored order, with the passage pinned on each', async () => {
    for (let run = 0; run < 4; run++) {
      const started = await premium.call({
        method: 'POST',
        url: '/api/exams',
        payload: { bankId },
      });
      expect(started.statusCode, started.body).toBe(201);
      const attempt = started.json<ExamAttempt>();
      // The default blueprint asks for ten; the bank has seven, every one drawn.
      expect(attempt.questions).toHaveLength(7);
      const stems = attempt.questions.map((item) => item.question.stem);
      const first = stems.indexOf('Passage question 1');
      expect(stems.slice(first, first + 3)).toEqual(passageStems);
      for (const [index, item] of attempt.questions.entries()) {
        const inGroup = index >= first && index < first + 3;
        expect(item.passage?.title ?? null).toBe(inGroup ? 'The Nile at Aswan' : null);
      }
      expect(new Set(attempt.questions.map((item) => item.passage?.version))).toEqual(
        new Set([1, undefined]),
      );
    }
  });

  it('shows the version it drew for the whole exam, also after the passage changes', async () => {
    const started = await premium.call({ method: 'POST', url: '/api/exams', payload: { bankId } });
    const attempt = started.json<ExamAttempt>();
    // The author saves a second version while the exam runs.
    await kit.beside.database.kysely.executeQuery(
      sql`update question_db.passage_versions set content = content || '{"body":"Rewritten."}'::jsonb`.compile(
        kit.beside.database.kysely,
      ),
    );
    const again = (await premium.call({ url: `/api/exams/${attempt.id}` })).json<ExamAttempt>();
    const bodies = again.questions.flatMap((item) => (item.passage ? [item.passage.body] : []));
    expect(bodies).toEqual(Array(3).fill('The Aswan High Dam was finished in 1970.'));

    const rows = await kit.db
      .selectFrom('exam_questions')
      .select(['position', 'content'])
      .where('attempt_id', '=', attempt.id)
      .orderBy('position')
      .execute();
    for (const row of rows) {
      await premium.call({
        method: 'PUT',
        url: `/api/exams/${attempt.id}/responses/${row.position}`,
        payload: { answer: correctAnswer(row.content) },
      });
    }
    await premium.call({ method: 'POST', url: `/api/exams/${attempt.id}/submit` });
    const review = (
      await premium.call({ url: `/api/exams/${attempt.id}/review` })
    ).json<ExamReview>();
    expect(review.items.filter((item) => item.passage !== null)).toHaveLength(3);
  });

  it('in practice, follows a passage’s first question with the rest of its group, in order', async () => {
    const started = await premium.call({
      method: 'POST',
      url: '/api/practice/sessions',
      payload: { bankId },
    });
    expect(started.statusCode, started.body).toBe(201);
    let state = started.json<PracticeState>();
    const sessionId = state.session.id;
    const seen: { stem: string; passage: string | null }[] = [];
    for (let turn = 0; turn < 7 && state.item; turn++) {
      const item = state.item;
      seen.push({ stem: item.question.stem, passage: item.passage?.title ?? null });
      const content = await kit.db
        .selectFrom('practice_items')
        .select('content')
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      await premium.call({
        method: 'POST',
        url: `/api/practice/sessions/${sessionId}/items/${item.id}/answer`,
        payload: { answer: correctAnswer(content.content) },
      });
      state = (
        await premium.call({ method: 'POST', url: `/api/practice/sessions/${sessionId}/next` })
      ).json<PracticeState>();
    }
    const stems = seen.map((item) => item.stem);
    expect(stems).toHaveLength(7);
    const first = stems.indexOf('Passage question 1');
    expect(stems.slice(first, first + 3)).toEqual(passageStems);
    expect(seen.filter((item) => item.passage === 'The Nile at Aswan')).toHaveLength(3);
  });

  it('keeps the passage on the review cards of its questions, and sends it with the queue', async () => {
    // The exam and the practice above made a card for every question answered.
    const cards = await kit.db
      .selectFrom('review_cards')
      .select(['id', 'content', 'passage'])
      .where('user_id', '=', premium.userId)
      .execute();
    const withText = (title: string | null) =>
      cards
        .filter((card) => (card.passage?.title ?? null) === title)
        .map((card) => card.content.stem)
        .sort();
    expect(withText('The Nile at Aswan')).toEqual([...passageStems].sort());
    expect(withText(null).every((stem) => stem.startsWith('Loose'))).toBe(true);

    // Make one passage question due now: the queue brings it with its passage.
    const card = cards.find((row) => row.content.stem === 'Passage question 2');
    await kit.db
      .updateTable('review_cards')
      .set({ due: sql<string>`now() - interval '1 day'` })
      .where('id', '=', card!.id)
      .execute();
    const queue = (await premium.call({ url: '/api/review/queue' })).json<ReviewQueue>();
    const due = queue.cards.find((row) => row.id === card!.id);
    expect(due?.passage?.title).toBe('The Nile at Aswan');
    expect(queue.cards.filter((row) => row.passage === null).length).toBeLessThan(
      queue.cards.length,
    );
  });
});
