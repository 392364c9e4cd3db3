import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNING,
  type AnswerInput,
  type LearnerQuestion,
  type PracticeState,
  type Problem,
  type ProgressAnalytics,
} from '@questa/contracts';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';

/** Some answer of the question's own type; right or wrong does not matter here. */
const anyAnswer = (question: LearnerQuestion): AnswerInput => {
  switch (question.type) {
    case 'true_false':
      return { type: 'true_false', value: false };
    case 'numeric':
      return { type: 'numeric', value: 999 };
    case 'single_choice':
      return { type: 'single_choice', optionId: 'b' };
    case 'ordering':
      return { type: 'ordering', itemIds: ['k', 'o', 't'] };
    default:
      return { type: 'short_text', text: 'Atlantis' };
  }
};

describe('detailed analytics (GET /progress/analytics)', () => {
  let kit: LearningApi;

  beforeAll(async () => {
    kit = await startLearningApi();
  });
  afterAll(async () => {
    await kit?.close();
  });

  const analyticsOf = async (learner: Learner) => {
    const response = await learner.call({ url: '/api/progress/analytics' });
    expect(response.statusCode).toBe(200);
    return response.json<ProgressAnalytics>();
  };

  it('is described in the OpenAPI document, with its premium problem', async () => {
    const document = (await kit.api.inject('/api/openapi.json')).json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    const operation = document.paths['/progress/analytics']?.get;
    expect(operation).toBeDefined();
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '402']));
  });

  it('answers payment.required to a free learner and auth.required to nobody', async () => {
    const free = await kit.learner('free');
    const refused = await free.call({ url: '/api/progress/analytics' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json<Problem>().code).toBe('payment.required');

    const anonymous = await kit.api.inject('/api/progress/analytics');
    expect(anonymous.statusCode).toBe(401);
  });

  it('is empty for a premium learner who has answered nothing', async () => {
    const premium = await kit.learner('fresh', { premium: true });
    expect((await analyticsOf(premium)).topics).toEqual([]);
  });

  it('forecasts recall per topic from the review cards that answers create', async () => {
    const premium = await kit.learner('forecast', { premium: true });
    let state = (
      await premium.call({
        method: 'POST',
        url: '/api/practice/sessions',
        payload: { bankId: kit.publicBankId },
      })
    ).json<PracticeState>();
    for (let answered = 0; answered < 3; answered += 1) {
      const item = state.item!;
      const result = await premium.call({
        method: 'POST',
        url: `/api/practice/sessions/${state.session.id}/items/${item.id}/answer`,
        payload: { answer: anyAnswer(item.question) },
      });
      expect(result.statusCode).toBe(200);
      state = (
        await premium.call({
          method: 'POST',
          url: `/api/practice/sessions/${state.session.id}/next`,
        })
      ).json<PracticeState>();
    }

    const { topics } = await analyticsOf(premium);
    expect(topics.reduce((sum, topic) => sum + topic.cards, 0)).toBe(3);
    for (const topic of topics) {
      expect(topic.bankId).toBe(kit.publicBankId);
      expect(topic.bankTitle).toBe('Capitals');
      // Cards still in their learning steps are due within minutes.
      expect(topic.dueWithin7Days).toBe(topic.cards);
      expect(topic.recall.map((point) => point.days)).toEqual([...LEARNING.recallForecastDays]);
      const [now, ...ahead] = topic.recall.map((point) => point.probability);
      expect(now).toBeGreaterThan(0.5);
      expect(now).toBeLessThanOrEqual(1);
      // Without reviews, memory only fades.
      for (const [index, probability] of ahead.entries()) {
        expect(probability).toBeLessThan(index === 0 ? now! : ahead[index - 1]!);
      }
    }
  });

  it('times answers in practice and review by the gap since the one before, leaving breaks out', async () => {
    const premium = await kit.learner('timer', { premium: true });
    const start = Date.parse('2026-01-05T09:00:00.000Z');
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    const event = (source: 'practice' | 'review' | 'exam', seconds: number, topic = 'Europe') => ({
      user_id: premium.userId,
      source,
      client_id: '00000000-0000-4000-8000-000000000001',
      bank_id: kit.publicBankId,
      bank_title: 'Capitals',
      question_id: crypto.randomUUID(),
      version: 1,
      topic,
      correct: true,
      score: 1,
      attempt_id: source === 'exam' ? crypto.randomUUID() : null,
      answered_at: at(seconds),
    });
    const breakSeconds = LEARNING.answerTimeBreakSeconds;
    await kit.db
      .insertInto('answer_events')
      .values([
        event('practice', 0),
        event('practice', 20),
        // A review in between is a sitting of its own: it neither splits nor joins the practice gaps.
        event('review', 25),
        event('practice', 60),
        // After a break the first answer is not timed…
        event('practice', 60 + breakSeconds + 1),
        // …the next one is, and it counts for its own topic.
        event('practice', 60 + breakSeconds + 11, 'Asia'),
        event('review', 85),
        // Exam answers are recorded together at submission and carry no timing.
        event('exam', 100),
        event('exam', 100),
      ])
      .execute();

    const { topics } = await analyticsOf(premium);
    const byTopic = new Map(topics.map((topic) => [topic.topic, topic]));
    // Europe: practice gaps of 20 s and 40 s, and a review 60 s after the review before.
    expect(byTopic.get('Europe')?.answerTime).toEqual({ medianSeconds: 40, answers: 3 });
    expect(byTopic.get('Asia')?.answerTime).toEqual({ medianSeconds: 10, answers: 1 });
    // No review cards for these inserted answers, so no forecast.
    expect(byTopic.get('Europe')).toMatchObject({ cards: 0, dueWithin7Days: 0, recall: [] });
  });
});
