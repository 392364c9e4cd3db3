import type {
  AnswerInput,
  ChallengeOutcome,
  ChallengeState,
  ChallengeSummary,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { liveMaxScore, presentedValues, presentQuestion, speedPoints } from '@questa/scoring';
import type { UnitOfWork, WorkRepositories } from '../../db/unit-of-work';
import { recordAnswers } from '../learning/answer-recorder';
import { gradedAnswer, gradeOrRefuse } from '../learning/grading';
import { NETWORK_GRACE_MS } from '../live/live-timing';
import type { UserRow } from '../users/user.repository';
import type {
  ChallengeItemRow,
  ChallengeRepository,
  ChallengeSessionRow,
} from './challenge.repository';

const noSuchChallenge = () =>
  new HttpProblem('not_found', { detail: 'There is no such challenge.' });

const timeUp = () =>
  new HttpProblem('challenge.time_up', {
    detail: 'The timer of this question ran out before the answer came; it scores nothing.',
  });

/** A challenge always scores as a live room with speed scoring and the streak bonus. */
const SCORING = { scoring: 'speed', streakBonus: true } as const;

/** The timer ran out, with the grace a live room gives an answer on its way. */
const overdue = (item: ChallengeItemRow, limitMs: number) =>
  item.sinceServedMs !== null && item.sinceServedMs > limitMs + NETWORK_GRACE_MS;

const closed = (item: ChallengeItemRow) => item.points !== null;

/**
 * Each item's outcome and the streak after it, in order. A served question whose timer ran out
 * reads as timed out before anything has closed it, so a reload shows what the server will
 * score.
 */
function outcomes(items: readonly ChallengeItemRow[], limitMs: number) {
  let streak = 0;
  return items.map((item): ChallengeOutcome | null => {
    const timedOut =
      (closed(item) && item.result === null) || (!closed(item) && overdue(item, limitMs));
    if (!closed(item) && !timedOut) return null;
    const correct = !timedOut && item.result?.correct === true;
    streak = correct ? streak + 1 : 0;
    return {
      correct,
      timedOut,
      points: item.points ?? 0,
      streak,
      elapsedMs: timedOut ? null : item.elapsedMs,
      feedback: item.result?.feedback ?? null,
      correctAnswer: item.result?.correctAnswer ?? null,
    };
  });
}

/**
 * Challenge assignments played at one's own pace (decision 0035): the server serves one pinned
 * question at a time, stamps when, and scores an answer by the time since then with the live
 * room's scoring. The answers are practice answers of the attempt's session, so progress, review
 * cards, the gradebook and the analysis read them as they read an assigned practice set.
 */
export function createChallengeService(deps: {
  unitOfWork: UnitOfWork;
  challenges: ChallengeRepository;
}) {
  function view(session: ChallengeSessionRow, items: ChallengeItemRow[]): ChallengeState {
    const results = outcomes(items, session.limitMs);
    const served = items.filter((item) => item.servedAt !== null);
    const current = served.at(-1);
    const index = current ? items.indexOf(current) : -1;
    const outcome = index >= 0 ? results[index]! : null;
    const last = results.filter((result) => result !== null).at(-1);
    return {
      id: session.id,
      assignmentId: session.assignmentId,
      title: session.title,
      questionCount: session.questionCount,
      limitMs: session.limitMs,
      current: current
        ? {
            id: current.id,
            position: current.position,
            question: current.presented,
            passage: current.passage,
            servedAt: current.servedAt!,
            remainingMs: Math.max(0, session.limitMs - (current.sinceServedMs ?? 0)),
            answer: current.answer,
            outcome,
          }
        : null,
      points: items.reduce((sum, item) => sum + (item.points ?? 0), 0),
      streak: last?.streak ?? 0,
      finishedAt: session.finishedAt,
    };
  }

  async function locked(work: WorkRepositories, user: UserRow, sessionId: string) {
    const session = await work.challenges.findSession(sessionId, user.id, true);
    if (!session) throw noSuchChallenge();
    return { session, items: await work.challenges.items(sessionId) };
  }

  /** The attempt as it stands; the questions' timers are read, never started, here. */
  async function state(user: UserRow, sessionId: string): Promise<ChallengeState> {
    const session = await deps.challenges.findSession(sessionId, user.id);
    if (!session) throw noSuchChallenge();
    return view(session, await deps.challenges.items(sessionId));
  }

  return {
    state,

    /**
     * Serves the next question and starts its timer: the first, or the one after the question
     * just closed (closing it as timed out if its timer ran out). While a question is open it is
     * given back as it is, so a repeated click or a reload never serves two. After the last, the
     * attempt is finished and its submission completed.
     */
    async next(user: UserRow, sessionId: string): Promise<ChallengeState> {
      await deps.unitOfWork(async (work) => {
        const { session, items } = await locked(work, user, sessionId);
        if (session.finishedAt !== null) return;
        const latest = items.at(-1);
        if (latest && latest.servedAt === null) {
          await work.challenges.serve(sessionId);
          return;
        }
        if (latest && !closed(latest)) {
          if (!overdue(latest, session.limitMs)) return;
          await work.challenges.timeOut(latest.id);
        }
        const position = (latest?.position ?? 0) + 1;
        const pinned =
          position <= session.questionCount
            ? await work.practice.pinnedQuestion(session.assignmentId, position)
            : undefined;
        if (!pinned) {
          await work.practice.markFinished(sessionId);
          await work.submissions.syncPractice(sessionId);
          return;
        }
        await work.practice.addItem({
          sessionId,
          questionId: pinned.questionId,
          version: pinned.version,
          content: pinned.content,
          presented: presentQuestion(pinned.content, Math.random),
          passage: pinned.passage,
        });
        await work.challenges.serve(sessionId);
      });
      return state(user, sessionId);
    },

    /**
     * Grades the answer to the question being played and scores it by the database's time since
     * it was served, the streak before it and the live room's speed scoring. An answer after the
     * timer (and its grace) closes the question with nothing and is refused. Answering an
     * answered question again gives back the stored outcome.
     */
    async answer(
      user: UserRow,
      sessionId: string,
      itemId: string,
      answer: AnswerInput,
    ): Promise<ChallengeState> {
      const late = await deps.unitOfWork(async (work) => {
        const { session, items } = await locked(work, user, sessionId);
        const index = items.findIndex((item) => item.id === itemId);
        const item = items[index];
        if (!item) {
          throw new HttpProblem('not_found', {
            detail: 'There is no such question in this challenge.',
          });
        }
        if (closed(item)) {
          if (item.result === null) throw timeUp();
          return false;
        }
        if (item.servedAt === null || index !== items.length - 1 || session.finishedAt !== null) {
          throw new HttpProblem('challenge.not_current', {
            detail: 'This question is not the one being played now.',
          });
        }
        const elapsedMs = Math.max(0, item.sinceServedMs ?? 0);
        if (overdue(item, session.limitMs)) {
          // Committed, then refused: the question stays closed whatever the client retries.
          await work.challenges.timeOut(item.id);
          return true;
        }
        const values = presentedValues(item.presented);
        const graded = gradeOrRefuse(item.content, answer, values);
        const before = outcomes(items.slice(0, index), session.limitMs);
        const streak = before.at(-1)?.streak ?? 0;
        const points = speedPoints({
          correct: graded.correct,
          elapsedMs,
          limitMs: session.limitMs,
          streak: SCORING.streakBonus ? streak : 0,
        });
        // Recorded as practice is: progress, the review card, "seen recently".
        const schedules = await recordAnswers(work.answers, {
          userId: user.id,
          source: 'practice',
          answers: [
            {
              clientId: session.clientId,
              bankId: session.bankId,
              bankTitle: session.bankTitle,
              questionId: item.questionId,
              version: item.version,
              content: item.content,
              passage: item.passage,
              correct: graded.correct,
              score: graded.score,
            },
          ],
        });
        await work.challenges.saveAnswer(item.id, {
          answer,
          result: gradedAnswer(item.content, graded, schedules.get(item.questionId)!, values),
          points,
          elapsedMs,
        });
        await work.submissions.syncPractice(sessionId);
        return false;
      });
      if (late) throw timeUp();
      return state(user, sessionId);
    },

    /** Points, right answers, the gradebook's score and the place among the class's attempts. */
    async summary(user: UserRow, sessionId: string): Promise<ChallengeSummary> {
      const session = await deps.challenges.findSession(sessionId, user.id);
      if (!session) throw noSuchChallenge();
      const [items, submission] = await Promise.all([
        deps.challenges.items(sessionId),
        deps.challenges.submission(sessionId),
      ]);
      const completed = submission?.completedAt != null;
      const standing = completed
        ? await deps.challenges.standing(session.assignmentId, session.classId, sessionId)
        : undefined;
      return {
        id: session.id,
        assignmentId: session.assignmentId,
        title: session.title,
        questionCount: session.questionCount,
        correct: items.filter((item) => item.result?.correct === true).length,
        points: items.reduce((sum, item) => sum + (item.points ?? 0), 0),
        maxPoints: liveMaxScore(session.questionCount, SCORING),
        score: completed ? (submission?.score ?? null) : null,
        late: submission?.late ?? false,
        rank: standing?.rank ?? null,
        finishedAttempts: standing?.finished ?? 0,
        finishedAt: session.finishedAt,
      };
    },
  };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
