import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Assignment,
  AssignmentAnalysis,
  AssignmentStart,
  ExamAttempt,
  Gradebook,
  PracticeState,
  Regrade,
  ProgressReport,
  TeachingClass,
} from '@questa/contracts';
import { sql } from '@questa/db';
import { correctAnswer, newReviewCard, reviewCard, type ReviewCard } from '@questa/scoring';
import type { Learner } from '../learning/learning-test-kit';
import { startClassesKit, type ClassesKit } from '../classes/classes-test-kit';

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const STEM = 'Lima is in Peru.';

describe('regrading an assignment after a correction', () => {
  let k: ClassesKit;
  let taught: TeachingClass;
  let learner: Learner;
  let practice: Assignment;
  let exam: Assignment;
  let questionId: string;

  /** The workspace's owner corrects the question's key, as the studio would, and publishes it. */
  async function correct() {
    const headers = {
      authorization: `Bearer ${await k.kit.beside.issuer.sign({ sub: k.owner.sub })}`,
      'content-type': 'application/json',
    };
    const base = `${k.kit.beside.url}/clients/${k.clientId}/questions/${questionId}`;
    const detail = (await (await fetch(base, { headers })).json()) as {
      revision: number;
      current: { content: Record<string, unknown> };
    };
    const saved = await fetch(base, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        content: { ...detail.current.content, answer: false },
        expectedRevision: detail.revision,
      }),
    });
    expect(saved.status).toBe(200);
    let revision = ((await saved.json()) as { revision: number }).revision;
    for (const action of ['submit', 'publish']) {
      const moved = await fetch(`${base}/transitions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action, expectedRevision: revision }),
      });
      if (action === 'submit' && moved.status !== 200) continue;
      expect(moved.status).toBe(200);
      revision = ((await moved.json()) as { revision: number }).revision;
    }
  }

  const regradeAs = (
    who: Learner,
    payload: object,
    clientId = k.clientId,
    assignmentId = practice.id,
  ) =>
    who.call({
      method: 'POST',
      url: `/api/teaching/clients/${clientId}/classes/${taught.id}/assignments/${assignmentId}/regrade`,
      payload,
    });

  beforeAll(async () => {
    k = await startClassesKit();
    taught = await k.createClass('Regraded');
    learner = await k.learner('regraded');
    await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: taught.joinCode },
    });
    const give = async (payload: object) =>
      (
        await k.teacher.call({
          method: 'POST',
          url: k.teaching(`/${taught.id}/assignments`),
          payload: {
            opensAt: at(-hour),
            dueAt: at(24 * hour),
            bankId: k.kit.publicBankId,
            ...payload,
          },
        })
      ).json<Assignment>();
    // Every question of the bank, so the one to correct is surely pinned.
    practice = await give({ kind: 'practice', title: 'All of it', questionCount: 10 });
    exam = await give({ kind: 'exam', title: 'Exam of it', blueprintId: 'default' });
    const { rows } = await sql<{ questionId: string }>`
      select question_id as "questionId" from main_api.assignment_questions
      where assignment_id = ${practice.id} and content->>'stem' = ${STEM}`.execute(k.kit.db);
    questionId = rows[0]!.questionId;

    // The learner answers every practice question right, and only this one in the exam.
    const pinned = await k.kit.db
      .selectFrom('assignment_questions')
      .select('content')
      .where('assignment_id', '=', practice.id)
      .orderBy('position')
      .execute();
    const { practiceSessionId } = (
      await learner.call({ method: 'POST', url: `/api/assignments/${practice.id}/start` })
    ).json<AssignmentStart>();
    for (const [index, question] of pinned.entries()) {
      const state = (
        await learner.call({
          method: index === 0 ? 'GET' : 'POST',
          url: `/api/practice/sessions/${practiceSessionId}${index === 0 ? '' : '/next'}`,
        })
      ).json<PracticeState>();
      await learner.call({
        method: 'POST',
        url: `/api/practice/sessions/${practiceSessionId}/items/${state.item!.id}/answer`,
        payload: { answer: correctAnswer(question.content) },
      });
    }
    const { examAttemptId } = (
      await learner.call({ method: 'POST', url: `/api/assignments/${exam.id}/start` })
    ).json<AssignmentStart>();
    const attempt = (
      await learner.call({ url: `/api/exams/${examAttemptId}` })
    ).json<ExamAttempt>();
    const position = attempt.questions.find((q) => q.question.stem === STEM)!.position;
    await learner.call({
      method: 'PUT',
      url: `/api/exams/${examAttemptId}/responses/${position}`,
      payload: { answer: { type: 'true_false', value: true } },
    });
    await learner.call({ method: 'POST', url: `/api/exams/${examAttemptId}/submit` });
  });
  afterAll(async () => {
    await k?.close();
  });

  it('changes nothing while the pinned version is still the published one', async () => {
    const response = await regradeAs(k.teacher, { questionId });
    expect(response.statusCode).toBe(200);
    expect(response.json<Regrade>()).toMatchObject({ regraded: 0, changed: [] });
  });

  it('grades the answers again against the correction and says whose score changed', async () => {
    await correct();
    const practiceRegrade = await regradeAs(k.teacher, { questionId });
    expect(practiceRegrade.statusCode).toBe(200);
    const result = practiceRegrade.json<Regrade>();
    expect(result).toMatchObject({ fromVersion: 1, toVersion: 2, regraded: 1 });
    expect(result.changed).toEqual([
      expect.objectContaining({ userId: learner.userId, before: 1 }),
    ]);
    expect(result.changed[0]!.after).toBeCloseTo(0.9);

    const examRegrade = (
      await regradeAs(k.teacher, { questionId }, k.clientId, exam.id)
    ).json<Regrade>();
    expect(examRegrade.changed).toHaveLength(1);
    expect(examRegrade.changed[0]!.before).toBeGreaterThan(0);
    expect(examRegrade.changed[0]!.after).toBe(0);

    const book = (
      await k.teacher.call({ url: k.teaching(`/${taught.id}/gradebook`) })
    ).json<Gradebook>();
    const row = book.learners.find((entry) => entry.userId === learner.userId)!;
    const [, practiceScore] = row.cells[book.assignments.findIndex((a) => a.id === practice.id)]!;
    expect(practiceScore).toBeCloseTo(0.9);
    // Regrading again finds the assignment already on the corrected version.
    expect((await regradeAs(k.teacher, { questionId })).json<Regrade>()).toMatchObject({
      regraded: 0,
      changed: [],
    });
  });

  it("corrects the learner's progress and replays their review card from the corrected answers", async () => {
    const events = await k.kit.db
      .selectFrom('answer_events')
      .select(['source', 'correct', 'score', 'answered_at as answeredAt'])
      .where('user_id', '=', learner.userId)
      .where('question_id', '=', questionId)
      .orderBy('answered_at')
      .orderBy('id')
      .execute();
    // The practice answer and the exam answer, both right when given, are wrong now.
    expect(events.map(({ source, correct, score }) => ({ source, correct, score }))).toEqual([
      { source: 'practice', correct: false, score: 0 },
      { source: 'exam', correct: false, score: 0 },
    ]);
    const progress = (await learner.call({ url: '/api/progress' })).json<ProgressReport>();
    // Ten practice answers and one exam answer, all right when given, less the corrected two.
    expect(progress.totals).toEqual({ answered: 11, correct: 9 });

    const card = await k.kit.db
      .selectFrom('review_cards')
      .select(['fsrs', 'version', sql<string>`content->>'answer'`.as('answer')])
      .where('user_id', '=', learner.userId)
      .where('question_id', '=', questionId)
      .executeTakeFirstOrThrow();
    // Two wrong answers from a new card: still learning, one minute after the last.
    const first = new Date(events[0]!.answeredAt);
    const expected = reviewCard(
      reviewCard(newReviewCard(first), false, first),
      false,
      new Date(events[1]!.answeredAt),
    );
    expect(card.fsrs).toEqual(expected);
    expect(card.fsrs as ReviewCard).toMatchObject({ state: 'learning', reps: 2, lapses: 0 });
    // Its next review is graded by the corrected key.
    expect(card).toMatchObject({ version: 2, answer: 'false' });
  });

  it('analyses each question: facility, the wrong answers given most, and time', async () => {
    const analysisOf = (assignmentId: string, who = k.teacher, clientId = k.clientId) =>
      who.call({
        url: `/api/teaching/clients/${clientId}/classes/${taught.id}/assignments/${assignmentId}/analysis`,
      });
    const response = await analysisOf(practice.id);
    expect(response.statusCode).toBe(200);
    const { questions } = response.json<AssignmentAnalysis>();
    expect(questions).toHaveLength(10);
    const corrected = questions.find((question) => question.questionId === questionId)!;
    // After the correction the learner's "True" is the wrong answer everyone gave.
    expect(corrected).toMatchObject({
      excerpt: STEM,
      version: 2,
      answered: 1,
      facility: 0,
      commonWrong: [{ answer: 'True', count: 1 }],
    });
    expect(corrected.medianSeconds).toBeGreaterThanOrEqual(0);
    const others = questions.filter((question) => question.questionId !== questionId);
    expect(
      others.every((question) => question.facility === 1 && question.commonWrong.length === 0),
    ).toBe(true);
    const examQuestions = (await analysisOf(exam.id)).json<AssignmentAnalysis>().questions;
    expect(examQuestions.find((question) => question.questionId === questionId)).toMatchObject({
      answered: 1,
      facility: 0,
      medianSeconds: null,
    });
    expect((await analysisOf(practice.id, k.author)).statusCode).toBe(403);
    expect((await analysisOf(practice.id, k.outsider, k.otherClientId)).statusCode).toBe(404);
    expect((await analysisOf(practice.id, k.colleague)).statusCode).toBe(404);
  });

  it('is refused to other roles (403), outside the workspace and for questions not assigned (404)', async () => {
    expect((await regradeAs(k.author, { questionId })).statusCode).toBe(403);
    expect((await regradeAs(learner, { questionId })).statusCode).toBe(404);
    expect((await regradeAs(k.outsider, { questionId }, k.otherClientId)).statusCode).toBe(404);
    expect((await regradeAs(k.colleague, { questionId })).statusCode).toBe(404);
    const other = await regradeAs(k.teacher, {
      questionId: '3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d',
    });
    expect(other.statusCode).toBe(404);
  });
});
