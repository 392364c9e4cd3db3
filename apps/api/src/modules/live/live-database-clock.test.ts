import { describe, expect, it } from 'vitest';
import { createDatabaseClock } from './live-database-clock';

describe('the database clock seen from a process', () => {
  it('reads the database’s time from the process’s clock, measured midway through a round trip', async () => {
    let local = 1_000_000;
    // The database is 5 s ahead; the query takes 40 ms there and back.
    const clock = createDatabaseClock(
      async () => {
        local += 20;
        const at = new Date(local + 5000).toISOString();
        local += 20;
        return at;
      },
      { resampleEveryMs: 10_000, now: () => local },
    );
    await clock.sample();
    local += 1000;
    expect(clock.now()).toBe(new Date(local + 5000).toISOString());
  });

  it('falls back on the process’s clock while the database cannot be asked', async () => {
    const local = 2_000_000;
    const clock = createDatabaseClock(() => Promise.reject(new Error('down')), {
      resampleEveryMs: 10_000,
      now: () => local,
    });
    await clock.sample();
    expect(clock.now()).toBe(new Date(local).toISOString());
  });
});
