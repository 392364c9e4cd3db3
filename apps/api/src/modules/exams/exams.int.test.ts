import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamAttempt, ExamReview, ProgressReport, ReviewQueue } from '@questa/contracts';
import { LEARNING, type AnswerInput, type QuestionContent } from '@questa/contracts';
import { sql } from '@questa/db';
import { correctAnswer } from '@questa/scoring';
import { createApiCore } from '../../app';
import { createHttpQuestionDbClient } from '../../adapters/question-db-client';
import { TEST_ORIGIN, unreachableOidcClient } from '../../testing';
import { jsonb } from '../../db/json';
import { createUserRepository } from '../users/user.repository';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';

const GRACE = LEARNING.examGraceSeconds;

/** A wrong answer of the question's own type. */
function wrongAnswer(content: QuestionContent): AnswerInput {
  switch (content.type) {
    case 'short_text':
      return { type: 'short_text', text: 'Atlantis' };
    case 'single_choice':
      return { type: 'single_choice', optionId: content.options.find((o) => !o.correct)!.id };
    case 'true_false':
      return { type: 'true_false', value: !content.answer };
    case 'numeric':
      return { type: 'numeric', value: content.value + 100 };
    case 'ordering':
      return { type: 'ordering', itemIds: content.items.map((item) => item.id).reverse() };
    default:
      throw new Error(`no wrong answer for ${content.type}`);
  }
}

describe('exams', () => {
  let kit: LearningApi;
  let premium: Learner;

  async function startExam(learner: Learner, bankId = kit.publicBankId) {
    return learner.call({ method: 'POST', url: '/api/exams', payload: { bankId } });
  }
  async function pinned(attemptId: string) {
    const rows = await kit.db
      .selectFrom('exam_questions')
      .select(['position', 'content'])
      .where('attempt_id', '=', attemptId)
      .orderBy('position')
      .execute();
    return rows;
  }
  const save = (learner: Learner, attemptId: string, position: number, answer: unknown) =>
    learner.call({
      method: 'PUT',
      url: `/api/exams/${attemptId}/responses/${position}`,
      payload: { answer },
    });
  /** Moves an attempt's deadline into the past, as if time had run out `seconds` ago. */
  const runOut = (attemptId: string, seconds: number) =>
    kit.db
      .updateTable('exam_attempts')
      .set({ deadline: sql<string>`now() - make_interval(secs => ${seconds})` })
      .where('id', '=', attemptId)
      .execute();

  beforeAll(async () => {
    kit = await startLearningApi();
    premium = await kit.learner('ada', { premium: true });
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('is premium: a free learner is told so', async () => {
    const free = await kit.learner('free');
    const response = await startExam(free);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'payment.required' });
  });

  it('offers the built-in blueprint for a bank', async () => {
    const response = await premium.call({ url: `/api/banks/${kit.publicBankId}/blueprints` });
    expect(response.json()).toMatchObject({
      blueprints: [{ id: 'default', questionCount: 10, timeLimitSeconds: 900, isDefault: true }],
    });
  });

  it('starts with pinned questions, no keys, and the server’s deadline', async () => {
    const response = await startExam(premium);
    expect(response.statusCode).toBe(201);
    const attempt = response.json<ExamAttempt>();
    expect(attempt.questions).toHaveLength(10);
    expect(attempt.state).toBe('in_progress');
    const limit = Date.parse(attempt.deadline) - Date.parse(attempt.startedAt);
    expect(limit).toBe(10 * LEARNING.examSecondsPerQuestion * 1000);
    expect(JSON.stringify(attempt.questions)).not.toMatch(/"accepted"|"correct"|"explanation"/);
  });

  it('saves each answer, acknowledges it, and keeps the last of two', async () => {
    const attempt = (await startExam(premium)).json<ExamAttempt>();
    const [first] = await pinned(attempt.id);
    const ack = await save(premium, attempt.id, 1, wrongAnswer(first!.content));
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ position: 1, savedAt: expect.any(String) });
    await save(premium, attempt.id, 1, correctAnswer(first!.content));
    const view = (await premium.call({ url: `/api/exams/${attempt.id}` })).json<ExamAttempt>();
    expect(view.responses).toEqual([
      { position: 1, answer: correctAnswer(first!.content), savedAt: expect.any(String) },
    ]);
  });

  it('takes answers from two tabs at once, each committed', async () => {
    const attempt = (await startExam(premium)).json<ExamAttempt>();
    const questions = await pinned(attempt.id);
    const [a, b] = await Promise.all([
      save(premium, attempt.id, 2, correctAnswer(questions[1]!.content)),
      save(premium, attempt.id, 2, wrongAnswer(questions[1]!.content)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const view = (await premium.call({ url: `/api/exams/${attempt.id}` })).json<ExamAttempt>();
    expect(view.responses).toHaveLength(1);
  });

  it('refuses an answer to a question not in the attempt, or malformed for its type', async () => {
    const attempt = (await startExam(premium)).json<ExamAttempt>();
    const questions = await pinned(attempt.id);
    const outside = await save(premium, attempt.id, 11, { type: 'true_false', value: true });
    expect(outside.statusCode).toBe(404);
    const mismatched = questions.find((q) => q.content.type !== 'true_false')!;
    const wrongType = await save(premium, attempt.id, mismatched.position, {
      type: 'true_false',
      value: true,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'validation.failed' });
    const malformed = await save(premium, attempt.id, 1, { type: 'numeric', value: 'five' });
    expect(malformed.statusCode).toBe(400);
    const view = (await premium.call({ url: `/api/exams/${attempt.id}` })).json<ExamAttempt>();
    expect(view.responses).toEqual([]);
  });

  it('hides an attempt from every other learner (404, not 403)', async () => {
    const attempt = (await startExam(premium)).json<ExamAttempt>();
    const other = await kit.learner('mallory', { premium: true });
    expect((await other.call({ url: `/api/exams/${attempt.id}` })).statusCode).toBe(404);
    expect((await save(other, attempt.id, 1, { type: 'true_false', value: true })).statusCode).toBe(
      404,
    );
    expect(
      (await other.call({ method: 'POST', url: `/api/exams/${attempt.id}/submit` })).statusCode,
    ).toBe(404);
    expect((await other.call({ url: `/api/exams/${attempt.id}/review` })).statusCode).toBe(404);
  });

  it('grades on submission with partial credit and a pass mark, then shows the review', async () => {
    const attempt = (await startExam(premium)).json<ExamAttempt>();
    const questions = await pinned(attempt.id);
    // Right on the first seven, wrong on the rest: 70% against a 60% pass mark.
    for (const question of questions) {
      const answer =
        question.position <= 7 ? correctAnswer(question.content) : wrongAnswer(question.content);
      expect((await save(premium, attempt.id, question.position, answer)).statusCode).toBe(200);
    }
    expect((await premium.call({ url: `/api/exams/${attempt.id}/review` })).statusCode).toBe(403);
    const submitted = await premium.call({
      method: 'POST',
      url: `/api/exams/${attempt.id}/submit`,
    });
    expect(submitted.json()).toMatchObject({
      state: 'submitted',
      submittedBy: 'learner',
      score: { points: 7, maxPoints: 10, passed: true },
    });
    // Submitting again changes nothing; answering now is too late.
    const again = await premium.call({ method: 'POST', url: `/api/exams/${attempt.id}/submit` });
    expect(again.json<ExamAttempt>().submittedAt).toBe(submitted.json<ExamAttempt>().submittedAt);
    const late = await save(premium, attempt.id, 1, correctAnswer(questions[0]!.content));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'exam.expired' });

    const review = (
      await premium.call({ url: `/api/exams/${attempt.id}/review` })
    ).json<ExamReview>();
    expect(review.reviewPolicy).toBe('full');
    expect(review.items).toHaveLength(10);
    expect(review.items[0]).toMatchObject({ correct: true, points: 1 });
    expect(review.items[9]).toMatchObject({ correct: false, points: 0 });
    expect(review.items[9]!.correctAnswer).toEqual(correctAnswer(questions[9]!.content));
    expect(review.items[9]!.explanation).not.toBeNull();

    // Every answer feeds the reviews: the three missed come back within minutes.
    const queue = (await premium.call({ url: '/api/review/queue' })).json<ReviewQueue>();
    const missed = new Set(
      (
        await kit.db
          .selectFrom('exam_questions')
          .select('question_id')
          .where('attempt_id', '=', attempt.id)
          .where('position', '>', 7)
          .execute()
      ).map((row) => row.question_id),
    );
    const dueNow = queue.cards.filter((card) => missed.has(card.questionId));
    expect(dueNow).toHaveLength(3);
    expect(dueNow.every((card) => card.state === 'learning')).toBe(true);

    const progress = (await premium.call({ url: '/api/progress' })).json<ProgressReport>();
    expect(progress.exams.find((exam) => exam.id === attempt.id)).toMatchObject({
      score: { passed: true },
    });
    expect(progress.totals.answered).toBeGreaterThanOrEqual(10);
  });

  it('refuses answers once the deadline and its grace have passed', async () => {
    const attempt = (await startExam(premium)).json<ExamAttempt>();
    const [first] = await pinned(attempt.id);
    await runOut(attempt.id, 10);
    // Within the grace period an answer already on its way is still taken.
    expect((await save(premium, attempt.id, 1, correctAnswer(first!.content))).statusCode).toBe(
      200,
    );
    await runOut(attempt.id, GRACE + 1);
    const late = await save(premium, attempt.id, 1, wrongAnswer(first!.content));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'exam.expired' });
  });

  it('is submitted by the server at deadline plus grace, with no client connected', async () => {
    const learner = await kit.learner('offline', { premium: true });
    const attempt = (await startExam(learner)).json<ExamAttempt>();
    const questions = await pinned(attempt.id);
    await save(learner, attempt.id, 1, correctAnswer(questions[0]!.content));
    await save(learner, attempt.id, 2, correctAnswer(questions[1]!.content));
    await runOut(attempt.id, GRACE + 1);
    // Another process, its deadline sweep on a short timer, closes it without being asked.
    const sweeping = await kit.anotherProcess({ sweepIntervalMs: 50 });
    const view = () =>
      learner.call({ url: `/api/exams/${attempt.id}` }).then((r) => r.json<ExamAttempt>());
    await expect
      .poll(async () => (await view()).state, { timeout: 20_000, interval: 50 })
      .not.toBe('in_progress');
    await sweeping.close();
    expect(await view()).toMatchObject({
      state: 'expired',
      submittedBy: 'server',
      score: { points: 2, maxPoints: 10, passed: false },
    });
  });

  it('is closed exactly once when several API processes sweep at the same time', async () => {
    const learners = await Promise.all(
      Array.from({ length: 8 }, (_, i) => kit.learner(`crowd${i}`, { premium: true })),
    );
    const attempts = [];
    for (const learner of learners) {
      const attempt = (await startExam(learner)).json<ExamAttempt>();
      const questions = await pinned(attempt.id);
      for (const question of questions.slice(0, 3)) {
        await save(learner, attempt.id, question.position, correctAnswer(question.content));
      }
      await runOut(attempt.id, GRACE + 1);
      attempts.push(attempt.id);
    }
    const closed = await closeOverdueEverywhere(kit, 4);
    expect(closed).toBe(8);
    const events = await kit.db
      .selectFrom('answer_events')
      .select(['attempt_id', sql<number>`count(*)::int`.as('count')])
      .where('attempt_id', 'in', attempts)
      .groupBy('attempt_id')
      .execute();
    expect(events).toHaveLength(8);
    expect(events.every((row) => row.count === 3)).toBe(true);
    const states = await kit.db
      .selectFrom('exam_attempts')
      .select(['state', 'submitted_by'])
      .where('id', 'in', attempts)
      .execute();
    expect(states.every((row) => row.state === 'expired' && row.submitted_by === 'server')).toBe(
      true,
    );
  });

  it('resumes after a restart with every saved answer and the same deadline', async () => {
    const attempt = (await startExam(premium)).json<ExamAttempt>();
    const questions = await pinned(attempt.id);
    await save(premium, attempt.id, 3, correctAnswer(questions[2]!.content));
    const restarted = await kit.anotherProcess();
    const view = (
      await restarted.inject({
        url: `/api/exams/${attempt.id}`,
        headers: { cookie: premium.cookie },
      })
    ).json<ExamAttempt>();
    expect(view.deadline).toBe(attempt.deadline);
    expect(view.responses.map((response) => response.position)).toEqual([3]);
    expect(Date.parse(view.serverNow)).toBeLessThan(Date.parse(view.deadline));
  });

  it('gives a learner with extra time a later deadline', async () => {
    const learner = await kit.learner('extra', { premium: true });
    await createUserRepository(kit.db).setExtraTime(learner.userId, 50);
    const attempt = (await startExam(learner)).json<ExamAttempt>();
    const limit = Date.parse(attempt.deadline) - Date.parse(attempt.startedAt);
    expect(limit).toBe(1.5 * 10 * LEARNING.examSecondsPerQuestion * 1000);
    expect(attempt.extraTimePercent).toBe(50);
  });

  it('describes one exam before it starts, with the learner’s own time limit', async () => {
    const learner = await kit.learner('reader', { premium: true });
    await createUserRepository(kit.db).setExtraTime(learner.userId, 25);
    const url = `/api/banks/${kit.publicBankId}/blueprints`;
    const response = await learner.call({ url: `${url}/default` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: 'default',
      questionCount: 10,
      timeLimitSeconds: 900,
      extraTimePercent: 25,
      learnerTimeLimitSeconds: 1125,
      reviewPolicy: 'full',
    });
    // Reading it starts nothing.
    expect((await learner.call({ url: '/api/exams' })).json()).toEqual({ attempts: [] });
    const missing = await learner.call({ url: `${url}/${crypto.randomUUID()}` });
    expect(missing.statusCode).toBe(404);
  });

  it('offers a result’s exam again while its bank still has the blueprint', async () => {
    const learner = await kit.learner('again', { premium: true });
    const bank = (await kit.api.inject({ url: `/api/catalog/banks/${kit.publicBankId}` })).json<{
      clientId: string;
    }>();
    const [own] = await kit.db
      .insertInto('exam_blueprints')
      .values({
        client_id: bank.clientId,
        bank_id: kit.publicBankId,
        title: 'Short one',
        rules: jsonb([{ count: 2 }]),
        time_limit_seconds: null,
        pass_mark: 0.5,
        shuffle: false,
        review_policy: 'full',
        created_by: learner.userId,
      })
      .returning('id')
      .execute();
    const review = async (blueprintId: string) => {
      const started = await learner.call({
        method: 'POST',
        url: '/api/exams',
        payload: { bankId: kit.publicBankId, blueprintId },
      });
      const attempt = started.json<ExamAttempt>();
      await learner.call({ method: 'POST', url: `/api/exams/${attempt.id}/submit` });
      return (await learner.call({ url: `/api/exams/${attempt.id}/review` })).json<ExamReview>();
    };
    expect((await review('default')).againBlueprintId).toBe('default');
    const ownReview = await review(own!.id);
    expect(ownReview.againBlueprintId).toBe(own!.id);

    await kit.db.deleteFrom('exam_blueprints').where('id', '=', own!.id).execute();
    const after = await learner.call({ url: `/api/exams/${ownReview.attempt.id}/review` });
    expect(after.json<ExamReview>().againBlueprintId).toBeNull();
  });
});

/**
 * Runs the deadline sweep of `processes` separate API cores on the same database at once, as
 * several API processes would, and returns how many attempts they closed together.
 */
async function closeOverdueEverywhere(kit: LearningApi, processes: number): Promise<number> {
  const cores = Array.from({ length: processes }, () =>
    createApiCore({
      database: kit.beside.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: kit.beside.url }),
      oidc: unreachableOidcClient(),
      publicUrl: TEST_ORIGIN,
      secureCookies: false,
    }),
  );
  const counts = await Promise.all(cores.map((core) => core.learning.exams.closeOverdue(2)));
  return counts.reduce((sum, count) => sum + count, 0);
}
