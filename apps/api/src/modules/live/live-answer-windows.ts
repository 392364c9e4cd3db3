import type { RoomRow } from './live.repository';

/**
 * The open questions whose answers this process may acknowledge before they are stored: those it
 * opened or resumed itself, with when they opened by the database's clock. Everything that ends
 * or halts a question in this process shuts its window first and then waits for the answers
 * already taken to be stored (`InFlightAnswers.settled`), so the database never refuses an answer
 * this process acknowledged from here because of a change made here. An answer to a question
 * this process does not hold a window for is acknowledged once stored, as before.
 */
export function createAnswerWindows() {
  const windows = new Map<string, { position: number; openedAtMs: number; taken: Set<string> }>();

  return {
    /** The room's question opened or resumed, here. */
    opened(room: Pick<RoomRow, 'id' | 'state' | 'position' | 'openedAt' | 'pausedRemainingMs'>) {
      if (room.state !== 'question_open' || !room.openedAt || room.pausedRemainingMs !== null) {
        windows.delete(room.id);
        return;
      }
      const known = windows.get(room.id);
      windows.set(room.id, {
        position: room.position,
        openedAtMs: Date.parse(room.openedAt),
        // A resumed question keeps who has answered it.
        taken: known?.position === room.position ? known.taken : new Set(),
      });
    },
    /** No more answers to the room's question are taken from memory (it closes, pauses, ends). */
    shut(roomId: string) {
      windows.delete(roomId);
    },
    /**
     * When the answer of `playerId` to `position`, arriving at `arrivedAtMs`, is certainly in
     * time (within `limitMs` of the opening, as the statement storing it will compute) and the
     * player's first here: the moment the question opened, and the answer is counted as taken.
     * Otherwise undefined, and the answer waits for the database's word.
     */
    take(roomId: string, position: number, playerId: string, arrivedAtMs: number, limitMs: number) {
      const window = windows.get(roomId);
      if (!window || window.position !== position || window.taken.has(playerId)) return undefined;
      if (arrivedAtMs - window.openedAtMs > limitMs) return undefined;
      window.taken.add(playerId);
      return window.openedAtMs;
    },
  };
}

export type AnswerWindows = ReturnType<typeof createAnswerWindows>;
