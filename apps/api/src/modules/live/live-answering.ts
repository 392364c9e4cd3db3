import type { AnswerInput } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { grade, presentedValues } from '@questa/scoring';
import { batchedWrites } from '../../db/batched-writes';
import type { LiveRepository, PlayerRow } from './live.repository';
import type { PinnedRoomData } from './live-pinned';
import type { LiveQuestions } from './live-questions';
import type { DatabaseClock } from './live-database-clock';
import type { InFlightAnswers } from './live-in-flight';
import type { AnswerWindows } from './live-answer-windows';
import type { LiveChange } from './live.service';
import { roomNotFound } from './live-joining';
import { limitMsOf, NETWORK_GRACE_MS, RECONNECT_GRACE_MS } from './live-timing';

/** How long after the latest answer the room checks whether everyone has answered. */
const EVERYONE_CHECK_AFTER_MS = 100;

/**
 * Players' answers to the open question: graded here, stored by one conditional statement,
 * scored with everyone else's when the question closes. A timely first answer to a question this
 * process opened is acknowledged before it is stored. This is the hot path of a room (2,000
 * answers within seconds), so it reads nothing the room does not change: the room's settings
 * and its pinned questions come from bounded caches, the player is who the connection proved.
 */
export function createLiveAnswering(deps: {
  live: Pick<LiveRepository, 'insertAnswers' | 'stillToAnswer'>;
  pinned: PinnedRoomData;
  clock: Pick<DatabaseClock, 'now'>;
  inFlight: Pick<InFlightAnswers, 'track'>;
  windows: Pick<AnswerWindows, 'take'>;
  /**
   * An answer acknowledged from memory that the database then refused or failed to store: rare
   * (a host's console in another process halting the question), and worth a line in the log.
   */
  unstored: (roomId: string, playerId: string, position: number, why: unknown) => void;
  questions: Pick<LiveQuestions, 'closeQuestion'>;
  changed: (roomId: string, what: LiveChange) => void;
}) {
  const { live } = deps;

  // A room's answers arrive in bursts (everyone answers within seconds): those that come while one
  // batch is being stored go together in the next statement.
  const storeAnswer = batchedWrites(live.insertAnswers, {
    maxBatch: 500,
    name: 'live_answers',
  });

  async function answer(
    player: Pick<PlayerRow, 'id' | 'roomId' | 'extraTimePercent'>,
    position: number,
    given: AnswerInput,
  ): Promise<{ receivedAt: string }> {
    // Stamped before anything can wait: the answer's time is when it came, however long it queues.
    const arrivedAt = deps.clock.now();
    const [settings, question] = await Promise.all([
      deps.pinned.settings(player.roomId),
      deps.pinned.question(player.roomId, position),
    ]);
    if (!settings) throw roomNotFound();
    const closed = () =>
      new HttpProblem('live.question_closed', {
        detail: 'This question is closed: answers are no longer taken.',
      });
    if (!question) throw closed();
    const graded = grade(question.content, given, presentedValues(question.presented));
    if (!graded.ok) {
      throw new HttpProblem('validation.failed', { detail: graded.error.message });
    }
    const limitMs = limitMsOf({ settings }, player.extraTimePercent);
    const store = () =>
      deps.inFlight.track(player.roomId, () =>
        storeAnswer({
          roomId: player.roomId,
          playerId: player.id,
          position,
          answer: given,
          correct: graded.correct,
          limitMs: limitMs + NETWORK_GRACE_MS,
          arrivedAt,
        }),
      );
    const stored = (roomId: string) => {
      deps.changed(roomId, 'answers');
      checkEveryoneAnswered(roomId, position);
    };

    // A question this process opened takes a timely first answer from memory: acknowledged now,
    // stored with its batch a moment later (decision 0026).
    const arrivedAtMs = Date.parse(arrivedAt);
    const openedAtMs = deps.windows.take(player.roomId, position, player.id, arrivedAtMs, limitMs);
    if (openedAtMs !== undefined) {
      store().then(
        (result) => {
          if (typeof result !== 'string') return stored(player.roomId);
          deps.unstored(player.roomId, player.id, position, result);
        },
        (error: unknown) => deps.unstored(player.roomId, player.id, position, error),
      );
      return { receivedAt: new Date(Math.max(arrivedAtMs, openedAtMs)).toISOString() };
    }

    const result = await store();
    if (result === 'closed') throw closed();
    if (result === 'early') {
      throw new HttpProblem('live.talk_time', {
        detail: 'Answers open when the talk time is over.',
      });
    }
    if (result === 'duplicate') {
      throw new HttpProblem('live.already_answered', {
        detail: 'You have answered this question already.',
      });
    }
    stored(player.roomId);
    return { receivedAt: result.answeredAt };
  }

  /**
   * Once everyone in the room has answered there is no need to wait for the clock. Everyone is
   * every player in the room, those who dropped a moment ago too: a phone that lost its
   * connection for a second must not find the question closed when it comes back. The check runs
   * once for a burst of answers (a room of 2,000 answers within seconds), a moment after the
   * latest: checking after each would cost the database a scan of the room per answer. When only
   * players who are away are missing, it looks again once their grace has run out.
   */
  const everyoneChecks = new Map<string, ReturnType<typeof setTimeout>>();
  function checkEveryoneAnswered(
    roomId: string,
    position: number,
    afterMs = EVERYONE_CHECK_AFTER_MS,
  ) {
    clearTimeout(everyoneChecks.get(roomId));
    const timer = setTimeout(() => {
      everyoneChecks.delete(roomId);
      void (async () => {
        const { missing, away } = await live.stillToAnswer(roomId, position, RECONNECT_GRACE_MS);
        if (missing === 0) await deps.questions.closeQuestion(roomId, position);
        else if (missing === away) checkEveryoneAnswered(roomId, position, RECONNECT_GRACE_MS);
      })().catch(() => {
        // The deadline closes the question in any case.
      });
    }, afterMs);
    timer.unref();
    everyoneChecks.set(roomId, timer);
  }

  return { answer };
}
