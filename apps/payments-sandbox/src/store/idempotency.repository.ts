import { sql } from '@questa/db';
import type { SandboxDb } from '../sandbox-db';

export type IdempotencyClaim =
  | { state: 'new' }
  | { state: 'running'; fingerprint: string }
  | { state: 'done'; fingerprint: string; status: number; body: string };

export function createIdempotencyRepository(db: SandboxDb) {
  return {
    /**
     * Claims `key` for a request with `fingerprint`, or reports what an earlier request with the
     * same key left. A claim older than `staleMs` that never finished (its process died) is
     * taken over.
     */
    async claim(key: string, fingerprint: string, staleMs: number): Promise<IdempotencyClaim> {
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ key, fingerprint, state: 'running', status: null, body: null })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return { state: 'new' };
      const takenOver = await db
        .updateTable('idempotency_keys')
        .set({ fingerprint, updated_at: sql<string>`now()` })
        .where('key', '=', key)
        .where('state', '=', 'running')
        .where('updated_at', '<', sql<string>`now() - ${`${staleMs} milliseconds`}::interval`)
        .returning('key')
        .executeTakeFirst();
      if (takenOver) return { state: 'new' };
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['state', 'fingerprint', 'status', 'body'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return this.claim(key, fingerprint, staleMs);
      if (row.state === 'running') return { state: 'running', fingerprint: row.fingerprint };
      return {
        state: 'done',
        fingerprint: row.fingerprint,
        status: row.status ?? 200,
        body: row.body ?? '',
      };
    },

    async finish(key: string, status: number, body: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ state: 'done', status, body, updated_at: sql<string>`now()` })
        .where('key', '=', key)
        .execute();
    },

    /** Frees a key whose request was refused before it did anything, so it may be sent again. */
    async release(key: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
    },

    /** Keys are kept a day, as Stripe keeps them; older ones may be used afresh. */
    async purgeOlderThan(hours: number): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', sql<string>`now() - ${`${hours} hours`}::interval`)
        .execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
