import { accuracyPoints, speedPoints } from '@questa/scoring';
import type { UnitOfWork } from '../../db/unit-of-work';
import { recordAnswers } from '../learning/answer-recorder';
import type { LiveRepository, RoomRow } from './live.repository';
import type { InFlightAnswers } from './live-in-flight';
import type { AnswerWindows } from './live-answer-windows';
import type { PinnedRoomData } from './live-pinned';
import type { LiveChange } from './live.service';
import { limitMsOf, NETWORK_GRACE_MS, STORE_MARGIN_MS, talkMsOf } from './live-timing';

/**
 * The clock of a room's questions: opening one (and resuming it), and closing and scoring it
 * once, whoever asks first: its deadline, the host, or everyone having answered.
 */
export function createLiveQuestions(deps: {
  live: Pick<LiveRepository, 'maxExtraTimePercent' | 'transition' | 'overdueRooms'>;
  unitOfWork: UnitOfWork;
  pinned: Pick<PinnedRoomData, 'question'>;
  /** Answers this process took and is still storing: a close waits for them. */
  inFlight: Pick<InFlightAnswers, 'settled'>;
  /** The questions this process takes answers to from memory: opened here, shut before a close. */
  windows: Pick<AnswerWindows, 'opened' | 'shut' | 'pause'>;
  changed: (roomId: string, what: LiveChange) => void;
  /** Called when a question opens or resumes, with when it closes. */
  opened: (roomId: string, position: number, closesAt: Date, serverNow: Date) => void;
}) {
  const { live } = deps;

  async function openQuestion(room: RoomRow, position: number) {
    // The room stays open for the slowest clock in it: players with extra time.
    const extra = await live.maxExtraTimePercent(room.id);
    const opened = await live.transition(room.id, {
      from: [room.state],
      position: room.position,
      set: {
        state: 'question_open',
        position,
        // Answers are taken until the limit and its grace; the margin lets the last be stored.
        openForMs: limitMsOf(room, extra) + NETWORK_GRACE_MS + STORE_MARGIN_MS,
        // In team mode the question shows first, and its answers open after the talk time.
        talkMs: talkMsOf(room),
      },
    });
    if (opened) announceOpen(opened);
    return opened;
  }

  function announceOpen(room: RoomRow) {
    deps.windows.opened(room);
    deps.changed(room.id, 'room');
    deps.opened(room.id, room.position, new Date(room.deadline!), new Date(room.serverNow));
  }

  /**
   * Closes the open question at `position` (its deadline passed, the host closed it, or everyone
   * answered) and scores it, once: of several callers racing, one wins and the others do nothing.
   * Players with extra time keep answering until theirs runs out: the room closes for them last.
   */
  async function closeQuestion(roomId: string, position: number, options: { skip?: boolean } = {}) {
    // Read before the unit of work: a pinned question never changes, and the work must not wait
    // on anything but its own statements.
    const question = await deps.pinned.question(roomId, position);
    // No answer is acknowledged from memory once the close has begun, and those that were are
    // stored before it: the close scores every answer this process acknowledged.
    deps.windows.shut(roomId, position);
    await deps.inFlight.settled(roomId);
    const closed = await deps.unitOfWork(async (work) => {
      const room = await work.live.transition(roomId, {
        from: ['question_open'],
        position,
        set: { state: 'question_closed', skipped: options.skip ?? false },
      });
      if (!room || options.skip || !question) return room;
      const answers = await work.live.answersForScoring(roomId, position);
      const { scoring, streakBonus } = room.settings;
      await work.live.setPoints(
        roomId,
        position,
        answers.map((answer) => ({
          playerId: answer.playerId,
          points:
            scoring === 'accuracy'
              ? accuracyPoints({ correct: answer.correct === true })
              : speedPoints({
                  correct: answer.correct === true,
                  elapsedMs: answer.elapsedMs,
                  limitMs: limitMsOf(room, answer.extraTimePercent),
                  streak: streakBonus ? answer.streak : 0,
                }),
        })),
      );
      await work.live.scoreQuestion(roomId, position);
      // Signed-in players' answers count for their progress and reviews, as practice does.
      for (const answer of answers) {
        if (!answer.userId) continue;
        await recordAnswers(work.answers, {
          userId: answer.userId,
          source: 'live',
          answers: [
            {
              clientId: room.clientId,
              bankId: room.bankId,
              bankTitle: room.bankTitle,
              questionId: question.questionId,
              version: question.version,
              content: question.content,
              correct: answer.correct === true,
              score: answer.correct ? 1 : 0,
            },
          ],
        });
      }
      return room;
    });
    if (closed) deps.changed(roomId, 'scores');
    return closed;
  }

  /** Closes every open question whose time is up, in any room: safe in every process at once. */
  async function closeOverdue(batch = 50) {
    const overdue = await live.overdueRooms(batch);
    for (const room of overdue) await closeQuestion(room.id, room.position);
    return overdue.length;
  }

  /**
   * Stops taking the room's answers from memory and waits (at most the store margin) for those
   * taken to be stored: before a pause or an end, which the storing statement would see.
   */
  async function halt(roomId: string, why: 'pause' | 'end') {
    if (why === 'pause') deps.windows.pause(roomId);
    else deps.windows.shut(roomId);
    await deps.inFlight.settled(roomId);
  }

  return { openQuestion, announceOpen, closeQuestion, closeOverdue, halt };
}

export type LiveQuestions = ReturnType<typeof createLiveQuestions>;
