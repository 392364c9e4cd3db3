import type { RoomRow } from './live.repository';
import { EARLY_TOLERANCE_MS } from './live-timing';

/**
 * The open questions whose answers this process may acknowledge before they are stored: those it
 * opened or resumed itself, with when they opened by the database's clock. Everything that ends
 * or halts a question in this process shuts its window first and then waits for the answers
 * already taken to be stored (`InFlightAnswers.settled`), so the database never refuses an answer
 * this process acknowledged from here because of a change made here. An answer to a question
 * this process does not hold a window for is acknowledged once stored, as before.
 */
export function createAnswerWindows() {
  const windows = new Map<
    string,
    { position: number; openedAtMs: number; open: boolean; taken: Set<string> }
  >();

  return {
    /** The room's question opened or resumed, here. */
    opened(room: Pick<RoomRow, 'id' | 'state' | 'position' | 'openedAt' | 'pausedRemainingMs'>) {
      const known = windows.get(room.id);
      if (room.state !== 'question_open' || !room.openedAt || room.pausedRemainingMs !== null) {
        if (known) known.open = false;
        return;
      }
      windows.set(room.id, {
        position: room.position,
        openedAtMs: Date.parse(room.openedAt),
        open: true,
        // A resumed question keeps who has answered it: a second answer is refused for what it is.
        taken: known?.position === room.position ? known.taken : new Set(),
      });
    },
    /** The room's question closes (the one at `position`, or whichever it is) or the game ends. */
    shut(roomId: string, position?: number) {
      const window = windows.get(roomId);
      if (window && (position === undefined || window.position === position)) {
        windows.delete(roomId);
      }
    },
    /** The room's question pauses: no answers are taken, and who answered is kept for its resume. */
    pause(roomId: string) {
      const window = windows.get(roomId);
      if (window) window.open = false;
    },
    /**
     * When the answer of `playerId` to `position`, arriving at `arrivedAtMs`, is certainly in
     * time (within `limitMs` of the opening, as the statement storing it will compute) and the
     * player's first here: the moment the question opened, and the answer is counted as taken.
     * Otherwise undefined, and the answer waits for the database's word.
     */
    take(roomId: string, position: number, playerId: string, arrivedAtMs: number, limitMs: number) {
      const window = windows.get(roomId);
      if (!window?.open || window.position !== position || window.taken.has(playerId)) {
        return undefined;
      }
      if (arrivedAtMs - window.openedAtMs > limitMs) return undefined;
      // During the teams' talk time: the database refuses it, and says why.
      if (arrivedAtMs < window.openedAtMs - EARLY_TOLERANCE_MS) return undefined;
      window.taken.add(playerId);
      return window.openedAtMs;
    },
  };
}

export type AnswerWindows = ReturnType<typeof createAnswerWindows>;
