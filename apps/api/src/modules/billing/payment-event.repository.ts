import { sql } from '@questa/db';
import type { ApiDb, ApiTables } from '../../db/tables';

type Outcome = ApiTables['payment_events']['outcome'];

/** An event recorded and not yet applied: what the applier needs to read its object. */
export interface PendingEvent {
  id: string;
  type: string;
  objectType: string;
  objectId: string;
  createdAt: Date;
  attempts: number;
}

/**
 * The partner's events, by id: the inbox webhooks write to before answering, and the record of
 * what each event came to. An id is written once, so a replayed delivery finds its event here.
 */
export function createPaymentEventRepository(db: ApiDb) {
  return {
    /** Records an event; false when it already was (a replay, or a concurrent copy). */
    async claim(event: {
      id: string;
      type: string;
      objectType: string | null;
      objectId: string | null;
      createdAt: Date;
      outcome: Outcome;
    }) {
      const row = await db
        .insertInto('payment_events')
        .values({
          id: event.id,
          type: event.type,
          object_id: event.objectId,
          object_type: event.objectType,
          outcome: event.outcome,
          partner_created_at: event.createdAt.toISOString(),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Pending events due for an attempt, oldest first. Read with no lock: see `lockPending`. */
    async due(limit: number): Promise<PendingEvent[]> {
      const rows = await db
        .selectFrom('payment_events')
        .select(['id', 'type', 'object_type', 'object_id', 'partner_created_at', 'attempts'])
        .where('outcome', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb('next_attempt_at', 'is', null),
            eb('next_attempt_at', '<=', sql<string>`now()`),
          ]),
        )
        .orderBy('partner_created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        // Written for every pending event (webhook.service.ts), so never null here.
        objectType: row.object_type!,
        objectId: row.object_id!,
        createdAt: new Date(row.partner_created_at),
        attempts: row.attempts,
      }));
    },

    /**
     * Of `ids`, those still pending, locked for this transaction. Rows another process holds are
     * skipped: that process applies them, and this one must not wait for it.
     */
    async lockPending(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('payment_events')
        .select('id')
        .where('id', 'in', ids)
        .where('outcome', '=', 'pending')
        .forUpdate()
        .skipLocked()
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    async settle(ids: readonly string[], outcome: Exclude<Outcome, 'pending'>) {
      if (ids.length === 0) return;
      await db
        .updateTable('payment_events')
        .set({ outcome, processed_at: sql<string>`now()`, last_error: null })
        .where('id', 'in', ids)
        .execute();
    },

    /** A failed attempt: the events wait `delayMs` before the next, with the reason kept. */
    async postpone(ids: readonly string[], error: string, delayMs: number) {
      if (ids.length === 0) return;
      await db
        .updateTable('payment_events')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error.slice(0, 500),
          next_attempt_at: sql<string>`now() + ${`${Math.round(delayMs)} milliseconds`}::interval`,
        }))
        .where('id', 'in', ids)
        .where('outcome', '=', 'pending')
        .execute();
    },

    /** How many events wait to be applied, since when, and whether any has failed an attempt. */
    async backlog() {
      const row = await db
        .selectFrom('payment_events')
        .select((eb) => [
          eb.fn.countAll<string>().as('waiting'),
          eb.fn.min('partner_created_at').as('oldest'),
          eb.fn.max('attempts').as('attempts'),
        ])
        .where('outcome', '=', 'pending')
        .executeTakeFirstOrThrow();
      const retried = row.attempts !== null && Number(row.attempts) > 0;
      const lastError = retried
        ? ((
            await db
              .selectFrom('payment_events')
              .select('last_error')
              .where('outcome', '=', 'pending')
              .where('last_error', 'is not', null)
              .orderBy('next_attempt_at', 'desc')
              .limit(1)
              .executeTakeFirst()
          )?.last_error ?? null)
        : null;
      return {
        waiting: Number(row.waiting),
        oldestCreatedAt: row.oldest === null ? null : new Date(row.oldest).toISOString(),
        lastError,
      };
    },
  };
}

export type PaymentEventRepository = ReturnType<typeof createPaymentEventRepository>;
