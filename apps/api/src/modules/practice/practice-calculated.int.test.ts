import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExamAttempt,
  ExamReview,
  PracticeAnswerResult,
  PracticeState,
  ReviewQueue,
} from '@questa/contracts';
import type { QuestionContentInput } from '@questa/contracts';
import { sql } from '@questa/db';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';

const plot: QuestionContentInput = {
  type: 'calculated',
  stem: 'A plot is {a} m by {b} m. Its area?',
  topic: 'Plots',
  difficulty: 1,
  explanation: 'Length times width.',
  variables: [
    { name: 'a', min: 100, max: 999, decimals: 0 },
    { name: 'b', min: 100, max: 999, decimals: 0 },
  ],
  formula: 'a * b',
  tolerance: 0,
  toleranceType: 'absolute',
  answerDecimals: 0,
  unit: 'm²',
};

const SHOWN = /^A plot is (\d+) m by (\d+) m\. Its area\?$/;
const numbersIn = (stem: string) => {
  const match = SHOWN.exec(stem);
  if (!match) throw new Error(`not an instance: ${stem}`);
  return { a: Number(match[1]), b: Number(match[2]) };
};

/**
 * Calculated questions through the main API: every presentation draws new values, the values are
 * kept with what was presented, and grading and every later view use them.
 */
describe('calculated questions in practice, exams and reviews', () => {
  let kit: LearningApi;
  let bankId: string;
  beforeAll(async () => {
    kit = await startLearningApi({
      extraBanks: [
        {
          slug: 'plots',
          title: 'Plots',
          description: '',
          language: 'en',
          visibility: 'public',
          tags: [],
          questions: [{ mediaKeys: [], content: plot }],
        },
      ],
    });
    const { banks } = (await kit.api.inject('/api/catalog/banks')).json<{
      banks: { id: string; title: string }[];
    }>();
    bankId = banks.find((bank) => bank.title === 'Plots')!.id;
  });
  afterAll(async () => {
    await kit?.close();
  });

  async function practise(learner: Learner) {
    const started = await learner.call({
      method: 'POST',
      url: '/api/practice/sessions',
      payload: { bankId },
    });
    expect(started.statusCode).toBe(201);
    return started.json<PracticeState>();
  }

  const answer = (learner: Learner, state: PracticeState, value: number) =>
    learner.call({
      method: 'POST',
      url: `/api/practice/sessions/${state.session.id}/items/${state.item!.id}/answer`,
      payload: { answer: { type: 'calculated', value, unit: 'm²' } },
    });

  it('presents numbers without the formula and grades against those numbers', async () => {
    const learner = await kit.learner('cal');
    const state = await practise(learner);
    const question = state.item!.question;
    expect(question.type).toBe('calculated');
    const numbers = numbersIn(question.stem);
    expect(question).toMatchObject({ unit: 'm²', values: numbers });
    expect(JSON.stringify(question)).not.toContain('a * b');

    const graded = await answer(learner, state, numbers.a * numbers.b);
    expect(graded.statusCode).toBe(200);
    const result = graded.json<PracticeAnswerResult>().item.result!;
    expect(result).toMatchObject({
      correct: true,
      correctAnswer: { type: 'calculated', value: numbers.a * numbers.b, unit: 'm²' },
      feedback: { type: 'calculated', expected: numbers.a * numbers.b, values: numbers },
    });

    // Reading the session again gives the same numbers: they were stored when drawn.
    const again = (
      await learner.call({ method: 'GET', url: `/api/practice/sessions/${state.session.id}` })
    ).json<PracticeState>();
    expect(numbersIn(again.item!.question.stem)).toEqual(numbers);

    // A second session draws new numbers, and the first round's answer no longer fits them.
    const second = await practise(learner);
    const fresh = numbersIn(second.item!.question.stem);
    expect(fresh).not.toEqual(numbers);
    const wrong = (
      await answer(learner, second, numbers.a * numbers.b)
    ).json<PracticeAnswerResult>();
    expect(wrong.item.result).toMatchObject({
      correct: false,
      correctAnswer: { value: fresh.a * fresh.b },
    });
  });

  it('keeps the numbers of an exam question for grading and for the review', async () => {
    const learner = await kit.learner('exam', { premium: true });
    const started = await learner.call({ method: 'POST', url: '/api/exams', payload: { bankId } });
    expect(started.statusCode).toBe(201);
    const attempt = started.json<ExamAttempt>();
    const shown = attempt.questions[0]!.question;
    const numbers = numbersIn(shown.stem);
    const saved = await learner.call({
      method: 'PUT',
      url: `/api/exams/${attempt.id}/responses/1`,
      payload: { answer: { type: 'calculated', value: numbers.a * numbers.b } },
    });
    expect(saved.statusCode).toBe(200);
    const submitted = await learner.call({
      method: 'POST',
      url: `/api/exams/${attempt.id}/submit`,
    });
    expect(submitted.json<ExamAttempt>()).toMatchObject({ score: { points: 1, fraction: 1 } });
    const review = (
      await learner.call({ method: 'GET', url: `/api/exams/${attempt.id}/review` })
    ).json<ExamReview>();
    expect(review.items[0]).toMatchObject({
      question: { stem: shown.stem, values: numbers },
      correct: true,
    });
  });

  it('shows a review card the same numbers until it is answered, then new ones', async () => {
    const learner = await kit.learner('rev');
    const state = await practise(learner);
    await answer(learner, state, 1);
    // The card comes back later; made due now, the queue offers it.
    const due = () =>
      kit.db
        .updateTable('review_cards')
        .set({ due: sql<string>`now() - interval '1 minute'` })
        .where('user_id', '=', learner.userId)
        .execute();
    await due();
    const queue = async () =>
      (await learner.call({ method: 'GET', url: '/api/review/queue' })).json<ReviewQueue>()
        .cards[0]!;
    const card = await queue();
    const shown = numbersIn(card.question.stem);
    expect(numbersIn((await queue()).question.stem)).toEqual(shown);
    const graded = await learner.call({
      method: 'POST',
      url: `/api/review/cards/${card.id}/answer`,
      payload: { answer: { type: 'calculated', value: shown.a * shown.b } },
    });
    expect(graded.json()).toMatchObject({
      correct: true,
      correctAnswer: { value: shown.a * shown.b },
    });
    await due();
    expect(numbersIn((await queue()).question.stem)).not.toEqual(shown);
  });
});
