import { openDatabase, sql } from '@questa/db';

export interface WaitProfile {
  /** Share of samples per state: "idle" (waiting for the application), "CPU", or a wait event. */
  shares: { what: string; share: number }[];
  samples: number;
}

/**
 * Samples, every few milliseconds, what each PostgreSQL connection of `applicationName` is
 * doing: idle means the database waits for the application; a wait event such as
 * LWLock:WALWrite or IO:WALSync means commits queue for the write-ahead log's flush.
 */
export async function startWaitSampler(databaseUrl: string, applicationName: string) {
  const database = await openDatabase({ databaseUrl, maxConnections: 1 });
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await sql<{ what: string }>`
        select case when state <> 'active' then 'idle'
          else coalesce(wait_event_type || ':' || wait_event, 'CPU') end as what
        from pg_stat_activity where application_name = ${applicationName}`.execute(database.kysely);
      for (const { what } of rows) {
        counts.set(what, (counts.get(what) ?? 0) + 1);
        samples++;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async (): Promise<WaitProfile> => {
    running = false;
    await loop;
    await database.close();
    return {
      samples,
      shares: [...counts]
        .map(([what, count]) => ({ what, share: count / Math.max(1, samples) }))
        .sort((a, b) => b.share - a.share),
    };
  };
}

/** The URL with an application_name, so its connections can be told apart in pg_stat_activity. */
export function withApplicationName(databaseUrl: string, applicationName: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  return url.toString();
}
