import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerInput,
  Assignment,
  AssignmentAnalysis,
  AssignmentStart,
  ChallengeState,
  ChallengeSummary,
  Gradebook,
  LearnerHistory,
  QuestionContent,
  TeachingClass,
  TodoList,
} from '@questa/contracts';
import { decodeGradebookCell } from '@questa/contracts';
import { sql } from '@questa/db';
import { correctAnswer, liveMaxScore, speedPoints } from '@questa/scoring';
import type { Learner } from '../learning/learning-test-kit';
import { startClassesKit, type ClassesKit } from '../classes/classes-test-kit';
import { table } from '../../db/json';

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('challenge assignments', () => {
  let k: ClassesKit;
  let taught: TeachingClass;
  let ada: Learner;
  let ben: Learner;

  const give = async (overrides: object = {}) => {
    const response = await k.teacher.call({
      method: 'POST',
      url: k.teaching(`/${taught.id}/assignments`),
      payload: {
        kind: 'challenge',
        title: 'Capitals challenge',
        bankId: k.kit.publicBankId,
        questionCount: 3,
        questionSeconds: 20,
        opensAt: at(-hour),
        dueAt: at(24 * hour),
        ...overrides,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Assignment>();
  };
  const start = async (assignmentId: string, who: Learner) => {
    const response = await who.call({
      method: 'POST',
      url: `/api/assignments/${assignmentId}/start`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AssignmentStart>().practiceSessionId!;
  };
  const read = async (id: string, who: Learner) =>
    (await who.call({ url: `/api/challenges/${id}` })).json<ChallengeState>();
  const next = async (id: string, who: Learner) => {
    const response = await who.call({ method: 'POST', url: `/api/challenges/${id}/next` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChallengeState>();
  };
  const answer = (id: string, itemId: string, given: AnswerInput, who: Learner) =>
    who.call({
      method: 'POST',
      url: `/api/challenges/${id}/items/${itemId}/answer`,
      payload: { answer: given },
    });
  /** The question's pinned content, to answer it right. */
  const contentOf = async (itemId: string) =>
    (
      await k.kit.db
        .selectFrom('practice_items')
        .select('content')
        .where('id', '=', itemId)
        .executeTakeFirstOrThrow()
    ).content as QuestionContent;
  /** Moves the question's serving back in time, as if the learner had been thinking this long. */
  const servedAgo = async (itemId: string, ms: number) => {
    await sql`update ${table('practice_items')} set served_at = clock_timestamp() - make_interval(secs => ${ms / 1000}) where id = ${itemId}`.execute(
      k.kit.db,
    );
  };
  const summary = async (id: string, who: Learner) =>
    (await who.call({ url: `/api/challenges/${id}/summary` })).json<ChallengeSummary>();

  beforeAll(async () => {
    k = await startClassesKit();
    taught = await k.createClass('Geography');
    ada = await k.learner('ada');
    ben = await k.learner('ben');
    for (const who of [ada, ben]) {
      await who.call({
        method: 'POST',
        url: '/api/classes/join',
        payload: { code: taught.joinCode },
      });
    }
  });
  afterAll(async () => {
    await k?.close();
  });

  it('pins questions of live types with the timer, and starts no timer before the first is served', async () => {
    const given = await give();
    expect(given).toMatchObject({ kind: 'challenge', questionCount: 3, timeLimitSeconds: 20 });
    const id = await start(given.id, ada);
    const fresh = await read(id, ada);
    expect(fresh).toMatchObject({ questionCount: 3, current: null, points: 0, finishedAt: null });
    // The practice routes do not serve a challenge's session: its timer cannot be stepped around.
    expect((await ada.call({ url: `/api/practice/sessions/${id}` })).statusCode).toBe(404);
  });

  it('scores by the server’s time since serving, with the streak; resumes; ranks; fills the gradebook', async () => {
    const given = await give({ title: 'Scored challenge' });
    const id = await start(given.id, ada);
    const limitMs = 20_000;

    // Question 1: answered right 5 s after it was served, whatever the client says.
    let state = await next(id, ada);
    const first = state.current!;
    expect(state.limitMs).toBe(limitMs);
    expect(first).toMatchObject({ position: 1, outcome: null });
    expect(first.remainingMs).toBeGreaterThan(limitMs - 5_000);
    await servedAgo(first.id, 5_000);
    const resumed = await read(id, ada);
    // A reload comes back to the same question with the time already spent gone.
    expect(resumed.current!.id).toBe(first.id);
    expect(resumed.current!.remainingMs).toBeLessThanOrEqual(limitMs - 5_000);
    expect(resumed.current!.remainingMs).toBeGreaterThan(limitMs - 8_000);
    // Serving again while it is open gives the same question back.
    expect((await next(id, ada)).current!.id).toBe(first.id);

    let response = await answer(id, first.id, correctAnswer(await contentOf(first.id)), ada);
    expect(response.statusCode, response.body).toBe(200);
    state = response.json<ChallengeState>();
    const firstOutcome = state.current!.outcome!;
    expect(firstOutcome).toMatchObject({ correct: true, timedOut: false, streak: 1 });
    expect(firstOutcome.elapsedMs).toBeGreaterThanOrEqual(5_000);
    expect(firstOutcome.points).toBe(
      speedPoints({ correct: true, elapsedMs: firstOutcome.elapsedMs!, limitMs, streak: 0 }),
    );
    expect(firstOutcome.points).toBeLessThanOrEqual(875);
    // A retried answer gives back the stored outcome, scored once.
    const retried = (
      await answer(id, first.id, correctAnswer(await contentOf(first.id)), ada)
    ).json<ChallengeState>();
    expect(retried.points).toBe(firstOutcome.points);

    // Question 2: right at once, with the streak bonus of the second right answer in a row.
    state = await next(id, ada);
    const second = state.current!;
    expect(second.position).toBe(2);
    state = (
      await answer(id, second.id, correctAnswer(await contentOf(second.id)), ada)
    ).json<ChallengeState>();
    const secondOutcome = state.current!.outcome!;
    expect(secondOutcome).toMatchObject({ correct: true, streak: 2 });
    expect(secondOutcome.points).toBe(
      speedPoints({ correct: true, elapsedMs: secondOutcome.elapsedMs!, limitMs, streak: 1 }),
    );
    expect(secondOutcome.points).toBeGreaterThan(1000);

    // Question 3: the timer ran out; the answer is refused and scores nothing, for good.
    state = await next(id, ada);
    const third = state.current!;
    await servedAgo(third.id, limitMs + 2_000);
    expect((await read(id, ada)).current!.outcome).toMatchObject({ timedOut: true, points: 0 });
    response = await answer(id, third.id, correctAnswer(await contentOf(third.id)), ada);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'challenge.time_up' });
    expect(
      (await answer(id, third.id, correctAnswer(await contentOf(third.id)), ada)).json(),
    ).toMatchObject({ code: 'challenge.time_up' });

    // After the last, serving finishes the attempt and the gradebook takes it.
    const finished = await next(id, ada);
    expect(finished.finishedAt).not.toBeNull();
    expect(finished.points).toBe(firstOutcome.points + secondOutcome.points);
    const mine = await summary(id, ada);
    expect(mine).toMatchObject({
      correct: 2,
      questionCount: 3,
      points: firstOutcome.points + secondOutcome.points,
      maxPoints: liveMaxScore(3, { scoring: 'speed', streakBonus: true }),
      rank: 1,
      finishedAttempts: 1,
      late: false,
    });
    // The gradebook keeps the share of the marks: two of three right.
    expect(mine.score).toBeCloseTo(2 / 3, 5);

    // Ben plays it all right and fast: he takes first place, Ada second.
    const bens = await start(given.id, ben);
    for (let position = 1; position <= 3; position++) {
      const served = (await next(bens, ben)).current!;
      const ok = await answer(bens, served.id, correctAnswer(await contentOf(served.id)), ben);
      expect(ok.statusCode).toBe(200);
    }
    await next(bens, ben);
    expect(await summary(bens, ben)).toMatchObject({ rank: 1, finishedAttempts: 2, correct: 3 });
    expect(await summary(id, ada)).toMatchObject({ rank: 2, finishedAttempts: 2 });

    // One attempt allowed, and it is used.
    const again = await ada.call({ method: 'POST', url: `/api/assignments/${given.id}/start` });
    expect(again.json()).toMatchObject({ code: 'assignment.attempts_used' });
    const done = (await ada.call({ url: '/api/todo' }))
      .json<TodoList>()
      .done.find((item) => item.assignment.id === given.id);
    expect(done).toMatchObject({ state: 'completed' });
    expect(done!.score).toBeCloseTo(2 / 3, 5);

    const book = (
      await k.teacher.call({ url: k.teaching(`/${taught.id}/gradebook`) })
    ).json<Gradebook>();
    const column = book.assignments.findIndex((entry) => entry.id === given.id);
    expect(book.assignments[column]).toMatchObject({ kind: 'challenge', questionCount: 3 });
    const adaRow = book.learners.find((row) => row.userId === ada.userId)!;
    const cell = decodeGradebookCell(adaRow.cells[column]!);
    expect(cell).toMatchObject({ state: 'completed', attempts: 1 });
    expect(cell.score).toBeCloseTo(2 / 3, 4);
    const csv = (await k.teacher.call({ url: k.teaching(`/${taught.id}/gradebook.csv`) })).body;
    expect(csv).toContain('Scored challenge');
    const history = (
      await k.teacher.call({ url: k.teaching(`/${taught.id}/learners/${ada.userId}/history`) })
    ).json<LearnerHistory>();
    expect(history.attempts.find((entry) => entry.assignmentId === given.id)).toMatchObject({
      kind: 'challenge',
      attempt: 1,
    });

    // The analysis reads the answers given, with the seconds the server timed.
    const analysis = (
      await k.teacher.call({ url: k.teaching(`/${taught.id}/assignments/${given.id}/analysis`) })
    ).json<AssignmentAnalysis>();
    expect(analysis.questions[0]).toMatchObject({ answered: 2, facility: 1 });
    expect(analysis.questions[2]).toMatchObject({ answered: 1 });

    // The answers reach progress and review cards as practice answers do.
    const events = await k.kit.db
      .selectFrom('answer_events')
      .select(['question_id', 'source'])
      .where('user_id', '=', ada.userId)
      .execute();
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.source === 'practice')).toBe(true);
  });

  it('refuses an answer to a question not being played, and starts nothing before it opens', async () => {
    const given = await give({ title: 'Order challenge' });
    const id = await start(given.id, ada);
    const { id: itemId } = (await k.kit.db
      .selectFrom('practice_items')
      .select('id')
      .where('session_id', '=', id)
      .executeTakeFirstOrThrow())!;
    // Not served yet: no timer runs, so no answer counts.
    const early = await answer(id, itemId, { type: 'true_false', value: true }, ada);
    expect(early.json()).toMatchObject({ code: 'challenge.not_current' });

    const later = await give({ title: 'Later challenge', opensAt: at(hour), dueAt: at(2 * hour) });
    const refused = await ada.call({ method: 'POST', url: `/api/assignments/${later.id}/start` });
    expect(refused.json()).toMatchObject({ code: 'assignment.not_open' });
  });

  it('shows an attempt to its learner only, and to nobody once they left the class', async () => {
    const given = await give({ title: 'Private challenge' });
    const id = await start(given.id, ada);
    await next(id, ada);
    const stranger = await k.learner('stranger');
    for (const who of [ben, stranger, k.outsider, k.teacher]) {
      expect((await who.call({ url: `/api/challenges/${id}` })).statusCode).toBe(404);
      expect(
        (await who.call({ method: 'POST', url: `/api/challenges/${id}/next` })).statusCode,
      ).toBe(404);
    }
    // A learner outside the class cannot start it.
    const outside = await stranger.call({
      method: 'POST',
      url: `/api/assignments/${given.id}/start`,
    });
    expect(outside.statusCode).toBe(404);
    // Another workspace's teacher cannot give a challenge from this workspace's bank.
    const foreign = await k.outsider.call({
      method: 'POST',
      url: `/api/teaching/clients/${k.otherClientId}/classes/${taught.id}/assignments`,
      payload: {
        kind: 'challenge',
        title: 'Foreign',
        bankId: k.kit.publicBankId,
        questionCount: 2,
        opensAt: at(-hour),
        dueAt: at(hour),
      },
    });
    expect(foreign.statusCode).toBe(404);

    const removed = await k.teacher.call({
      method: 'DELETE',
      url: k.teaching(`/${taught.id}/learners/${ada.userId}`),
    });
    expect(removed.statusCode).toBe(204);
    expect((await ada.call({ url: `/api/challenges/${id}` })).statusCode).toBe(404);
  });

  it('refuses a timer outside the live room’s range', async () => {
    const response = await k.teacher.call({
      method: 'POST',
      url: k.teaching(`/${taught.id}/assignments`),
      payload: {
        kind: 'challenge',
        title: 'Too fast',
        bankId: k.kit.publicBankId,
        questionCount: 3,
        questionSeconds: 1,
        opensAt: at(-hour),
        dueAt: at(hour),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed' });
  });
});
