import type { LiveClientMessage, LiveRoomView } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { LiveModerationRepository } from './live-moderation.repository';
import type { RoomRow } from './live.repository';
import type { LiveChange } from './live.service';

export type LiveModerationMessage = Extract<
  LiveClientMessage,
  { type: 'host.lock' | 'host.unlock' | 'host.reveal' }
>;

type Reveal = NonNullable<LiveRoomView['reveal']>;
type RoomAnswerState = Pick<RoomRow, 'state' | 'position' | 'skipped' | 'revealedPosition'> & {
  settings: Pick<RoomRow['settings'], 'revealManually'>;
};

/**
 * Whether the closed question's answer is still the host's to show: in a room that reveals answers
 * by hand, until `host.reveal`. While it is, nothing sent to a phone may carry the answer.
 */
export const answerWithheld = (room: RoomAnswerState): boolean =>
  room.state === 'question_closed' &&
  room.settings.revealManually === true &&
  !room.skipped &&
  room.revealedPosition !== room.position;

/** The reveal as the room may see it: how many answered what, without which one was right. */
export function shownReveal(room: RoomAnswerState, reveal: Omit<Reveal, 'answerShown'>): Reveal {
  if (!answerWithheld(room)) return { ...reveal, answerShown: true };
  return {
    ...reveal,
    answerText: '',
    distribution: reveal.distribution.map((entry) => ({ ...entry, correct: false })),
    answerShown: false,
  };
}

/**
 * What a player's own view shows while the answer is withheld: no result yet, and the score and
 * rank from before the question, which would otherwise give the answer away.
 */
export function withheldPlayerView<
  T extends { score: number; rank: number | null; lastResult: { points: number } | null },
>(view: T): T {
  return {
    ...view,
    score: view.score - (view.lastResult?.points ?? 0),
    rank: null,
    lastResult: null,
  };
}

/**
 * A host's controls of a running room beyond moving the game on: locking it to newcomers and
 * revealing an answer by hand. (Removing a player is the room's own business, in the service.)
 */
export function createLiveModeration(deps: {
  moderation: LiveModerationRepository;
  changed: (roomId: string, what: LiveChange) => void;
}) {
  const { moderation } = deps;
  const refuse = (detail: string) => new HttpProblem('validation.failed', { detail });

  return {
    async command(room: RoomRow, message: LiveModerationMessage): Promise<void> {
      switch (message.type) {
        case 'host.lock':
        case 'host.unlock':
          if (!(await moderation.setLocked(room.id, message.type === 'host.lock'))) {
            throw refuse('The game is over: there is nothing to lock.');
          }
          deps.changed(room.id, 'room');
          return;
        case 'host.reveal':
          if (!answerWithheld(room)) throw refuse('There is no hidden answer to reveal.');
          // Two clicks racing: the second finds it shown and changes nothing.
          if (await moderation.reveal(room.id, room.position)) deps.changed(room.id, 'scores');
          return;
      }
    },

    /**
     * Refuses a newcomer a locked room, or a nickname the host banned. Players already in the room
     * come back with their token and never pass here.
     */
    async admit(room: Pick<RoomRow, 'id' | 'locked'>, nickname: string | undefined) {
      if (room.locked) {
        throw new HttpProblem('live.room_locked', {
          detail: 'The host has locked this room: nobody new can join now.',
        });
      }
      if (nickname && (await moderation.nicknameBanned(room.id, nickname.trim()))) {
        throw new HttpProblem('auth.forbidden', {
          detail: 'The host has removed this nickname from the room.',
        });
      }
    },
  };
}

export type LiveModeration = ReturnType<typeof createLiveModeration>;
