import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Assignment,
  AssignmentStart,
  PracticeState,
  TeachingClass,
  TodoList,
} from '@questa/contracts';
import { correctAnswer } from '@questa/scoring';
import type { Learner } from '../learning/learning-test-kit';
import { startClassesKit, type ClassesKit } from '../classes/classes-test-kit';

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('assignments', () => {
  let k: ClassesKit;
  let taught: TeachingClass;
  let learner: Learner;

  const give = (payload: object, classId = taught.id, by = k.teacher) =>
    by.call({ method: 'POST', url: k.teaching(`/${classId}/assignments`), payload });
  const practiceSet = (overrides: object = {}) => ({
    kind: 'practice',
    title: 'Capitals, week 1',
    bankId: k.kit.publicBankId,
    questionCount: 3,
    opensAt: at(-hour),
    dueAt: at(24 * hour),
    ...overrides,
  });
  const todo = async (who = learner) => (await who.call({ url: '/api/todo' })).json<TodoList>();
  const start = (assignmentId: string, who = learner) =>
    who.call({ method: 'POST', url: `/api/assignments/${assignmentId}/start` });

  beforeAll(async () => {
    k = await startClassesKit();
    taught = await k.createClass('Geography');
    learner = await k.learner('pupil');
    await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: taught.joinCode },
    });
  });
  afterAll(async () => {
    await k?.close();
  });

  it('pins a practice set’s questions, which the learner answers in order, and scores it', async () => {
    const given = await give(practiceSet());
    expect(given.statusCode).toBe(201);
    const assignment = given.json<Assignment>();
    expect(assignment).toMatchObject({ kind: 'practice', questionCount: 3, completedCount: 0 });
    const pinned = await k.kit.db
      .selectFrom('assignment_questions')
      .select(['question_id', 'version', 'content'])
      .where('assignment_id', '=', assignment.id)
      .orderBy('position')
      .execute();
    expect(pinned).toHaveLength(3);

    const listed = await todo();
    expect(listed.todo.map((item) => item.assignment.id)).toContain(assignment.id);
    expect(listed.todo.find((item) => item.assignment.id === assignment.id)).toMatchObject({
      state: 'not_started',
      overdue: false,
      startable: true,
      className: 'Geography',
    });

    const started = await start(assignment.id);
    expect(started.statusCode).toBe(200);
    const { practiceSessionId } = started.json<AssignmentStart>();
    // Starting again resumes the same session rather than opening a second attempt.
    expect((await start(assignment.id)).json<AssignmentStart>().practiceSessionId).toBe(
      practiceSessionId,
    );

    let state = (
      await learner.call({ url: `/api/practice/sessions/${practiceSessionId}` })
    ).json<PracticeState>();
    for (const [index, question] of pinned.entries()) {
      expect(state.item!.questionId).toBe(question.question_id);
      expect(state.item!.version).toBe(question.version);
      const answered = await learner.call({
        method: 'POST',
        url: `/api/practice/sessions/${practiceSessionId}/items/${state.item!.id}/answer`,
        payload: { answer: correctAnswer(question.content) },
      });
      expect(answered.statusCode).toBe(200);
      if (index < pinned.length - 1) {
        state = (
          await learner.call({
            method: 'POST',
            url: `/api/practice/sessions/${practiceSessionId}/next`,
          })
        ).json<PracticeState>();
      }
    }
    const after = (
      await learner.call({
        method: 'POST',
        url: `/api/practice/sessions/${practiceSessionId}/next`,
      })
    ).json<PracticeState>();
    expect(after.exhausted).toBe(true);

    const done = (await todo()).done.find((item) => item.assignment.id === assignment.id);
    expect(done).toMatchObject({ state: 'completed', score: 1, late: false, attemptsUsed: 1 });
    // The answers count for progress and review cards as any practice does.
    const events = await k.kit.db
      .selectFrom('answer_events')
      .select('question_id')
      .where('user_id', '=', learner.userId)
      .execute();
    expect(events.map((event) => event.question_id).sort()).toEqual(
      pinned.map((question) => question.question_id).sort(),
    );
    // One attempt allowed, and it is used.
    const again = await start(assignment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'assignment.attempts_used' });

    const listedForTeacher = await k.teacher.call({ url: k.teaching(`/${taught.id}/assignments`) });
    expect(
      listedForTeacher
        .json<{ assignments: Assignment[] }>()
        .assignments.find((item) => item.id === assignment.id),
    ).toMatchObject({ completedCount: 1 });
  });

  it('gives an exam by a blueprint that a learner without premium takes and hands in', async () => {
    const given = await give({
      kind: 'exam',
      title: 'Capitals exam',
      bankId: k.kit.publicBankId,
      blueprintId: 'default',
      opensAt: at(-hour),
      dueAt: at(24 * hour),
    });
    expect(given.statusCode).toBe(201);
    const assignment = given.json<Assignment>();
    expect(assignment).toMatchObject({ kind: 'exam', blueprintId: 'default' });
    expect(assignment.timeLimitSeconds).toBeGreaterThan(0);

    const started = await start(assignment.id);
    expect(started.statusCode).toBe(200);
    const { examAttemptId } = started.json<AssignmentStart>();
    expect(examAttemptId).not.toBeNull();
    const submitted = await learner.call({
      method: 'POST',
      url: `/api/exams/${examAttemptId}/submit`,
    });
    expect(submitted.statusCode).toBe(200);
    const done = (await todo()).done.find((item) => item.assignment.id === assignment.id);
    expect(done).toMatchObject({ state: 'completed', score: 0, late: false });
  });

  it('keeps late work out under a refusing policy and marks it overdue', async () => {
    const given = await give(
      practiceSet({
        title: 'Missed',
        opensAt: at(-48 * hour),
        dueAt: at(-24 * hour),
        latePolicy: 'refuse',
      }),
    );
    const assignment = given.json<Assignment>();
    const item = (await todo()).todo.find((entry) => entry.assignment.id === assignment.id);
    expect(item).toMatchObject({ overdue: true, startable: false });
    expect((await todo()).todo[0]!.assignment.id).toBe(assignment.id);
    const refused = await start(assignment.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'assignment.not_open' });
  });

  it('takes late work marked late, with the penalty taken off', async () => {
    const given = await give(
      practiceSet({
        title: 'Late with penalty',
        questionCount: 1,
        opensAt: at(-48 * hour),
        dueAt: at(-24 * hour),
        latePolicy: 'penalty',
        latePenaltyPercent: 20,
      }),
    );
    const assignment = given.json<Assignment>();
    const { practiceSessionId } = (await start(assignment.id)).json<AssignmentStart>();
    const state = (
      await learner.call({ url: `/api/practice/sessions/${practiceSessionId}` })
    ).json<PracticeState>();
    const pinned = await k.kit.db
      .selectFrom('assignment_questions')
      .select('content')
      .where('assignment_id', '=', assignment.id)
      .executeTakeFirstOrThrow();
    await learner.call({
      method: 'POST',
      url: `/api/practice/sessions/${practiceSessionId}/items/${state.item!.id}/answer`,
      payload: { answer: correctAnswer(pinned.content) },
    });
    const done = (await todo()).done.find((item) => item.assignment.id === assignment.id);
    expect(done).toMatchObject({ late: true });
    expect(done!.score).toBeCloseTo(0.8);
  });

  it('does not open before its time', async () => {
    const given = await give(
      practiceSet({ title: 'Next week', opensAt: at(hour), dueAt: at(2 * hour) }),
    );
    const refused = await start(given.json<Assignment>().id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'assignment.not_open' });
  });

  it('refuses a due time before the opening time', async () => {
    const refused = await give(practiceSet({ opensAt: at(hour), dueAt: at(-hour) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation.failed' });
  });
});

describe('assignments stay within their class and workspace', () => {
  let k: ClassesKit;
  let taught: TeachingClass;
  let assignment: Assignment;

  beforeAll(async () => {
    k = await startClassesKit();
    taught = await k.createClass('Closed class');
    const given = await k.teacher.call({
      method: 'POST',
      url: k.teaching(`/${taught.id}/assignments`),
      payload: {
        kind: 'practice',
        title: 'Inside',
        bankId: k.kit.publicBankId,
        questionCount: 2,
        opensAt: at(-hour),
        dueAt: at(hour),
      },
    });
    assignment = given.json<Assignment>();
  });
  afterAll(async () => {
    await k?.close();
  });

  const payload = (bankId: string) => ({
    kind: 'practice',
    title: 'x',
    bankId,
    questionCount: 1,
    opensAt: at(-hour),
    dueAt: at(hour),
  });

  it('refuses the teaching routes to roles without classes (403), and to learners (404)', async () => {
    const learner = await k.learner('nosy');
    for (const [who, status] of [
      [k.author, 403],
      [learner, 404],
    ] as const) {
      const list = await who.call({ url: k.teaching(`/${taught.id}/assignments`) });
      expect(list.statusCode).toBe(status);
      const give = await who.call({
        method: 'POST',
        url: k.teaching(`/${taught.id}/assignments`),
        payload: payload(k.kit.publicBankId),
      });
      expect(give.statusCode).toBe(status);
    }
  });

  it('answers 404 to another workspace’s teacher, and to a colleague for a class not theirs', async () => {
    const viaOwn = `/api/teaching/clients/${k.otherClientId}/classes/${taught.id}/assignments`;
    expect((await k.outsider.call({ url: viaOwn })).statusCode).toBe(404);
    expect(
      (
        await k.outsider.call({
          method: 'POST',
          url: viaOwn,
          payload: payload(k.otherBankId),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await k.colleague.call({ url: k.teaching(`/${taught.id}/assignments`) })).statusCode,
    ).toBe(404);
  });

  it('answers 404 to an assignment from another workspace’s bank, and stores nothing', async () => {
    const refused = await k.teacher.call({
      method: 'POST',
      url: k.teaching(`/${taught.id}/assignments`),
      payload: payload(k.otherBankId),
    });
    expect(refused.statusCode).toBe(404);
    const stored = await k.kit.db
      .selectFrom('assignments')
      .select('id')
      .where('bank_id', '=', k.otherBankId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('shows a learner outside the class nothing of it', async () => {
    const stranger = await k.learner('stranger');
    expect((await stranger.call({ url: '/api/todo' })).json<TodoList>()).toEqual({
      todo: [],
      done: [],
    });
    const started = await stranger.call({
      method: 'POST',
      url: `/api/assignments/${assignment.id}/start`,
    });
    expect(started.statusCode).toBe(404);
  });
});
