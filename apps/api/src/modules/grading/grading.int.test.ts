import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  essay as essayContent,
  questionContent,
  type ExamAttempt,
  type ExamReview,
  type GradedAnswer,
  type GradingDetail,
  type GradingQueue,
  type PracticeAnswerResult,
  type PracticeSummary,
  type PracticeState,
  type QuestionContent,
} from '@questa/contracts';
import { questionDb, seedMembership } from '@questa/question-db';
import { jsonb } from '../../db/json';
import { presentQuestion } from '@questa/scoring';
import { createExamRepository } from '../exams/exam.repository';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';

const essay = essayContent.parse({
  type: 'essay',
  stem: 'Why do capitals grow?',
  topic: 'Europe',
  difficulty: 3,
  points: 2,
  rubric: '- Names trade\n- Names government',
  modelAnswer: 'Trade and government draw people.',
  maxWords: 200,
});
const short = questionContent.parse({
  type: 'short_text',
  stem: 'Capital of France?',
  topic: 'Europe',
  difficulty: 1,
  accepted: ['Paris'],
});

describe('grading essays', () => {
  let kit: LearningApi;
  let learner: Learner;
  let author: Learner;
  let reviewer: Learner;
  let viewer: Learner;
  let outsider: Learner;
  let clientId: string;

  /** An exam attempt pinned to an essay and a short answer, as a draw would pin them. */
  async function attempt(owner: Learner, tenant = clientId): Promise<string> {
    const pinned = (content: QuestionContent) => ({
      questionId: randomUUID(),
      version: 1,
      content,
      presented: presentQuestion(content, Math.random),
      passage: null,
    });
    return createExamRepository(kit.db).create(
      {
        userId: owner.userId,
        clientId: tenant,
        bankId: kit.publicBankId,
        bankTitle: 'Capitals',
        blueprintTitle: 'Essay exam',
        blueprintId: randomUUID(),
        passMark: 0.75,
        reviewPolicy: 'full',
        extraTimePercent: 0,
        seconds: 600,
      },
      [pinned(short), pinned(essay)],
    );
  }

  /** Answers both questions (the short one right) and submits. */
  async function submitted(owner = learner, tenant = clientId) {
    const id = await attempt(owner, tenant);
    const put = (position: number, answer: Record<string, unknown>) =>
      owner.call({
        method: 'PUT',
        url: `/api/exams/${id}/responses/${position}`,
        payload: { answer },
      });
    expect((await put(1, { type: 'short_text', text: 'Paris' })).statusCode).toBe(200);
    expect((await put(2, { type: 'essay', text: 'Markets and courts.' })).statusCode).toBe(200);
    const done = await owner.call({ method: 'POST', url: `/api/exams/${id}/submit` });
    expect(done.statusCode).toBe(200);
    return { id, attempt: done.json<ExamAttempt>() };
  }

  const queue = (who: Learner, status = 'awaiting') =>
    who.call({ url: `/api/authoring/clients/${clientId}/grading?status=${status}` });
  const answerUrl = (id: string, position = 2) =>
    `/api/authoring/clients/${clientId}/grading/${id}/${position}`;
  const grade = (who: Learner, id: string, payload: Record<string, unknown>) =>
    who.call({ method: 'PUT', url: answerUrl(id), payload });
  const review = async (id: string) =>
    (await learner.call({ url: `/api/exams/${id}/review` })).json<ExamReview>();

  beforeAll(async () => {
    kit = await startLearningApi();
    learner = await kit.learner('lea', { premium: true });
    author = await kit.learner('author');
    reviewer = await kit.learner('reviewer');
    viewer = await kit.learner('viewer');
    outsider = await kit.learner('outsider');
    for (const [member, role] of [
      [author, 'author'],
      [reviewer, 'reviewer'],
      [viewer, 'viewer'],
    ] as const) {
      await seedMembership(questionDb(kit.beside.database), {
        tenantSlug: 'learning-test',
        userId: member.sub,
        role,
      });
    }
    const bank = await kit.api.inject(`/api/catalog/banks/${kit.publicBankId}`);
    clientId = bank.json<{ clientId: string }>().clientId;
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('leaves an essay awaiting grading after submission: a provisional total says what is pending', async () => {
    const { id, attempt: closed } = await submitted();
    expect(closed.score).toEqual({
      points: 1,
      maxPoints: 3,
      // Stored as a 4-byte real, as every attempt's fraction is.
      fraction: expect.closeTo(1 / 3, 6),
      passed: false,
      pendingCount: 1,
      pendingPoints: 2,
    });
    const items = (await review(id)).items;
    expect(items[1]).toMatchObject({
      grading: 'awaiting',
      correct: null,
      points: null,
      graderComment: null,
      feedback: { type: 'essay', status: 'awaiting', modelAnswer: essay.modelAnswer },
    });
    expect(items[0]).toMatchObject({ grading: 'auto', correct: true, points: 1 });
    // Nothing is recorded for progress until a grader has scored it.
    const events = await kit.db
      .selectFrom('answer_events')
      .select('question_id')
      .where('attempt_id', '=', id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('lists awaiting essays to the tenant’s authors and reviewers under a pseudonym, and to nobody else', async () => {
    const { id } = await submitted();
    const otherTenant = await submitted(learner, randomUUID());
    const listed = await queue(author);
    expect(listed.statusCode).toBe(200);
    const { items } = listed.json<GradingQueue>();
    const mine = items.find((item) => item.attemptId === id);
    expect(mine).toMatchObject({
      position: 2,
      bankTitle: 'Capitals',
      excerpt: 'Why do capitals grow?',
      status: 'awaiting',
      points: null,
      maxPoints: 2,
      learner: expect.stringMatching(/^Learner [0-9A-F]{6}$/),
    });
    expect(items.some((item) => item.attemptId === otherTenant.id)).toBe(false);
    expect(listed.body).not.toContain(learner.sub);
    expect(listed.body).not.toContain('example.test');
    expect((await queue(reviewer)).json<GradingQueue>().items).toEqual(items);
    expect((await queue(viewer)).statusCode).toBe(403);
    // Outsiders are told the tenant does not exist, so its id cannot be probed.
    expect((await queue(outsider)).statusCode).toBe(404);
    expect((await kit.api.inject(`/api/authoring/clients/${clientId}/grading`)).statusCode).toBe(
      401,
    );
    // Another tenant's answer cannot be opened through this tenant either.
    const across = await author.call({ url: answerUrl(otherTenant.id) });
    expect(across.statusCode).toBe(404);
  });

  it('opens one answer with its rubric and model answer, and grades it: total, pass and review update', async () => {
    const { id } = await submitted();
    const opened = await author.call({ url: answerUrl(id) });
    expect(opened.statusCode).toBe(200);
    const detail = opened.json<GradingDetail>();
    expect(detail).toMatchObject({
      stem: essay.stem,
      rubric: essay.rubric,
      modelAnswer: essay.modelAnswer,
      maxWords: 200,
      minWords: null,
      text: 'Markets and courts.',
      gradeVersion: 0,
      comment: null,
    });

    const offStep = await grade(author, id, { points: 1.25, gradeVersion: 0 });
    expect(offStep.statusCode).toBe(400);
    expect(offStep.json()).toMatchObject({ code: 'validation.failed' });
    const tooMany = await grade(author, id, { points: 2.5, gradeVersion: 0 });
    expect(tooMany.statusCode).toBe(400);

    const graded = await grade(author, id, {
      points: 2,
      comment: 'Both causes, well argued.',
      gradeVersion: 0,
    });
    expect(graded.statusCode).toBe(200);
    expect(graded.json<GradingDetail>()).toMatchObject({
      status: 'graded',
      points: 2,
      comment: 'Both causes, well argued.',
      gradeVersion: 1,
    });
    const after = await review(id);
    expect(after.attempt.score).toEqual({
      points: 3,
      maxPoints: 3,
      fraction: 1,
      passed: true,
      pendingCount: 0,
      pendingPoints: 0,
    });
    expect(after.items[1]).toMatchObject({
      grading: 'graded',
      correct: true,
      points: 2,
      graderComment: 'Both causes, well argued.',
      feedback: { status: 'graded' },
    });
    const events = await kit.db
      .selectFrom('answer_events')
      .select(['correct', 'score'])
      .where('attempt_id', '=', id)
      .execute();
    expect(events).toHaveLength(2);
    expect((await queue(author)).json<GradingQueue>().items.map((i) => i.attemptId)).not.toContain(
      id,
    );
    expect(
      (await queue(author, 'graded')).json<GradingQueue>().items.map((i) => i.attemptId),
    ).toContain(id);
  });

  it('lets one of two graders at once win; the other is told, and a regrade is audited', async () => {
    const { id } = await submitted();
    const [a, b] = await Promise.all([
      grade(author, id, { points: 0.5, gradeVersion: 0 }),
      grade(reviewer, id, { points: 1.5, gradeVersion: 0 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json()).toMatchObject({ code: 'grading.conflict' });

    const stale = await grade(author, id, { points: 1, gradeVersion: 0 });
    expect(stale.json()).toMatchObject({ code: 'grading.conflict' });
    const regraded = await grade(author, id, {
      points: 1,
      comment: 'Second look.',
      gradeVersion: 1,
    });
    expect(regraded.statusCode).toBe(200);
    expect((await review(id)).attempt.score).toMatchObject({ points: 2, pendingCount: 0 });
    const [event] = await kit.db
      .selectFrom('answer_events')
      .select(['score', 'correct'])
      .where('attempt_id', '=', id)
      .where('topic', '=', 'Europe')
      .orderBy('id', 'desc')
      .execute();
    expect(event).toBeDefined();
    const audit = await kit.db
      .selectFrom('audit_events')
      .select(['action', 'actor', 'details'])
      .where('target', '=', `${id}:2`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['answer.graded', 'answer.regraded']);
    expect(audit[1]).toMatchObject({ actor: author.sub, details: { points: 1 } });
  });

  it('refuses to grade an answer of an exam still in progress, or a question that is no essay', async () => {
    const id = await attempt(learner);
    await learner.call({
      method: 'PUT',
      url: `/api/exams/${id}/responses/2`,
      payload: { answer: { type: 'essay', text: 'Draft' } },
    });
    expect((await grade(author, id, { points: 1, gradeVersion: 0 })).statusCode).toBe(404);
    const { id: closed } = await submitted();
    const notEssay = await author.call({
      method: 'PUT',
      url: answerUrl(closed, 1),
      payload: { points: 1, gradeVersion: 0 },
    });
    expect(notEssay.statusCode).toBe(404);
  });

  it('in practice, shows the model answer and takes the learner’s own rating as the score', async () => {
    const pia = await kit.learner('pia');
    const started = await pia.call({
      method: 'POST',
      url: '/api/practice/sessions',
      payload: { bankId: kit.publicBankId },
    });
    const { session, item } = started.json<PracticeState>();
    // The drawn item is pinned to an essay, as if the bank had drawn one.
    await kit.db
      .updateTable('practice_items')
      .set({ content: jsonb(essay), presented: jsonb(presentQuestion(essay, Math.random)) })
      .where('id', '=', item!.id)
      .execute();
    const base = `/api/practice/sessions/${session.id}/items/${item!.id}`;
    const early = await pia.call({
      method: 'POST',
      url: `${base}/rating`,
      payload: { rating: 'partly' },
    });
    expect(early.json()).toMatchObject({ code: 'grading.not_awaiting' });
    const answered = await pia.call({
      method: 'POST',
      url: `${base}/answer`,
      payload: { answer: { type: 'essay', text: 'Trade.' } },
    });
    expect(answered.json<PracticeAnswerResult>().item.result).toMatchObject({
      correct: false,
      feedback: {
        type: 'essay',
        status: 'awaiting',
        rubric: essay.rubric,
        modelAnswer: essay.modelAnswer,
      },
    });
    expect(
      await kit.db
        .selectFrom('review_cards')
        .select('id')
        .where('user_id', '=', pia.userId)
        .execute(),
    ).toHaveLength(0);
    // Unrated, it is answered but comes back for no review.
    const summary = await pia.call({ url: `/api/practice/sessions/${session.id}/summary` });
    expect(summary.json<{ reviews: unknown[] }>().reviews).toEqual([]);
    const rated = await pia.call({
      method: 'POST',
      url: `${base}/rating`,
      payload: { rating: 'partly' },
    });
    expect(rated.statusCode).toBe(200);
    const result = rated.json<PracticeAnswerResult>().item.result as GradedAnswer;
    expect(result).toMatchObject({
      score: 0.5,
      points: 1,
      feedback: { status: 'self_rated', rating: 'partly' },
    });
    // Rated "Partly", the summary has the points for a partly right verdict, not a wrong one.
    const ratedSummary = await pia.call({ url: `/api/practice/sessions/${session.id}/summary` });
    expect(ratedSummary.json<PracticeSummary>().reviews).toMatchObject([
      { points: 1, maxPoints: 2 },
    ]);
    const again = await pia.call({
      method: 'POST',
      url: `${base}/rating`,
      payload: { rating: 'got_it' },
    });
    expect(again.json<PracticeAnswerResult>().item.result).toMatchObject({ score: 0.5 });
    const cards = await kit.db
      .selectFrom('review_cards')
      .select(['id', 'fsrs'])
      .where('user_id', '=', pia.userId)
      .execute();
    expect(cards).toHaveLength(1);

    // On a review card too: the answer awaits the rating, and only the rating moves the card.
    const card = cards[0]!;
    const reviewed = await pia.call({
      method: 'POST',
      url: `/api/review/cards/${card.id}/answer`,
      payload: { answer: { type: 'essay', text: 'Trade and courts.' } },
    });
    expect(reviewed.json<GradedAnswer>()).toMatchObject({ feedback: { status: 'awaiting' } });
    const unmoved = await kit.db
      .selectFrom('review_cards')
      .select('fsrs')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(unmoved.fsrs).toEqual(card.fsrs);
    const ratedCard = await pia.call({
      method: 'POST',
      url: `/api/review/cards/${card.id}/rating`,
      payload: { rating: 'got_it' },
    });
    expect(ratedCard.json<GradedAnswer>()).toMatchObject({
      correct: true,
      score: 1,
      feedback: { status: 'self_rated', rating: 'got_it' },
    });
    const moved = await kit.db
      .selectFrom('review_cards')
      .select('fsrs')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(moved.fsrs.reps).toBe(card.fsrs.reps + 1);
  });
});
