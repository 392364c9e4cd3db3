/**
 * The database's clock, read from this process's: questions open and close by the database's
 * `now()`, so an answer is stamped on arrival in the same time, without a round trip per answer.
 * The offset is measured now and then with one light query, midway through its round trip; until
 * the first measurement, and whenever one fails, the process's own clock stands in (on one
 * machine, as on embedded defaults, the two are the same clock).
 */
export function createDatabaseClock(
  readNow: () => Promise<string>,
  options: { resampleEveryMs: number; now?: () => number } = { resampleEveryMs: 10_000 },
) {
  const local = options.now ?? Date.now;
  let offsetMs = 0;
  let sampledAt = -Infinity;
  let sampling: Promise<void> | undefined;

  function sample() {
    sampling ??= (async () => {
      const sentAt = local();
      try {
        const database = Date.parse(await readNow());
        const receivedAt = local();
        offsetMs = database - (sentAt + receivedAt) / 2;
      } catch {
        // The process's clock stands in until a sample succeeds.
      } finally {
        sampledAt = local();
        sampling = undefined;
      }
    })();
    return sampling;
  }

  return {
    /** Now, by the database's clock, as an ISO timestamp. */
    now(): string {
      const at = local();
      if (at - sampledAt >= options.resampleEveryMs) void sample();
      return new Date(at + offsetMs).toISOString();
    },
    /** Measures the offset now (a process starting, a test). */
    sample,
  };
}

export type DatabaseClock = ReturnType<typeof createDatabaseClock>;
