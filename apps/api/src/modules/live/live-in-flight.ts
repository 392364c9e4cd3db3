/**
 * Answers this process has taken but not yet stored, per room. Closing a question waits for its
 * room's to be stored first (for at most `maxWaitMs`), so an answer that came in time is scored
 * with the others instead of finding the question closed behind a slow write.
 */
export function createInFlightAnswers(options: { maxWaitMs: number }) {
  const rooms = new Map<string, { count: number; idle: (() => void)[] }>();

  return {
    /** Runs `store` for an answer to the room, counted while it runs. */
    async track<T>(roomId: string, store: () => Promise<T>): Promise<T> {
      const room = rooms.get(roomId) ?? { count: 0, idle: [] };
      rooms.set(roomId, room);
      room.count++;
      try {
        return await store();
      } finally {
        room.count--;
        if (room.count === 0) {
          rooms.delete(roomId);
          for (const wake of room.idle) wake();
        }
      }
    },
    /** Resolves once the room's answers taken so far are stored, or after `maxWaitMs`. */
    settled(roomId: string): Promise<void> {
      const room = rooms.get(roomId);
      if (!room) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, options.maxWaitMs);
        timer.unref();
        room.idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

export type InFlightAnswers = ReturnType<typeof createInFlightAnswers>;
