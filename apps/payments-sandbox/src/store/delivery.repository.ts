import { sql } from '@questa/db';
import type { EventObject } from '../model/objects';
import type { SandboxDb } from '../sandbox-db';

export interface ClaimedDelivery {
  id: string;
  url: string;
  attempts: number;
  event: EventObject;
}

export interface DeliveryRecord {
  id: string;
  event_id: string;
  event_type: string;
  url: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  due_at: string;
  delivered_at: string | null;
}

export function createDeliveryRepository(db: SandboxDb) {
  return {
    /** Adds deliveries in the given order; rows due at the same time go out in that order. */
    async schedule(rows: { eventId: string; url: string; delayMs: number }[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('deliveries')
        .values(
          rows.map((row) => ({
            event_id: row.eventId,
            url: row.url,
            due_at: sql<string>`now() + ${`${row.delayMs} milliseconds`}::interval`,
            locked_until: null,
            last_status: null,
            last_error: null,
            delivered_at: null,
          })),
        )
        .execute();
    },

    /**
     * Claims the delivery due first, in a statement of its own: it is leased for `leaseMs` and
     * counted as an attempt, so the caller posts it without holding any transaction, and a
     * sender that dies mid-post leaves it to be claimed again when the lease runs out.
     */
    async claimNext(leaseMs: number): Promise<ClaimedDelivery | undefined> {
      const due = db
        .selectFrom('deliveries')
        .select('id')
        .where('state', '=', 'pending')
        .where('due_at', '<=', sql<string>`now()`)
        .where((eb) =>
          eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<string>`now()`)]),
        )
        .orderBy('due_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked();
      const claimed = await db
        .updateTable('deliveries')
        .set({
          locked_until: sql<string>`now() + ${`${leaseMs} milliseconds`}::interval`,
          attempts: sql<number>`attempts + 1`,
        })
        .where('id', '=', due)
        .returning(['id', 'url', 'attempts', 'event_id'])
        .executeTakeFirst();
      if (!claimed) return undefined;
      const event = await db
        .selectFrom('events')
        .select('body')
        .where('id', '=', claimed.event_id)
        .executeTakeFirstOrThrow();
      return {
        id: claimed.id,
        url: claimed.url,
        attempts: claimed.attempts,
        event: event.body as EventObject,
      };
    },

    async delivered(id: string, status: number): Promise<void> {
      await db
        .updateTable('deliveries')
        .set({
          state: 'delivered',
          last_status: status,
          last_error: null,
          locked_until: null,
          delivered_at: sql<string>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Records a failed attempt: tried again after `retryInMs`, or given up when that is null. */
    async failed(
      id: string,
      outcome: { status: number | null; error: string; retryInMs: number | null },
    ): Promise<void> {
      await db
        .updateTable('deliveries')
        .set({
          state: outcome.retryInMs === null ? 'failed' : 'pending',
          last_status: outcome.status,
          last_error: outcome.error.slice(0, 500),
          locked_until: null,
          ...(outcome.retryInMs !== null && {
            due_at: sql<string>`now() + ${`${outcome.retryInMs} milliseconds`}::interval`,
          }),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Deliveries of one event not finished yet: the event's `pending_webhooks`. */
    async pendingCount(eventId: string): Promise<number> {
      const row = await db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('event_id', '=', eventId)
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async list(query: { eventId?: string | undefined; limit: number }): Promise<DeliveryRecord[]> {
      let select = db
        .selectFrom('deliveries')
        .innerJoin('events', 'events.id', 'deliveries.event_id')
        .select([
          'deliveries.id',
          'deliveries.event_id',
          'events.type as event_type',
          'deliveries.url',
          'deliveries.state',
          'deliveries.attempts',
          'deliveries.last_status',
          'deliveries.last_error',
          'deliveries.due_at',
          'deliveries.delivered_at',
        ]);
      if (query.eventId) select = select.where('deliveries.event_id', '=', query.eventId);
      return select.orderBy('deliveries.id', 'desc').limit(query.limit).execute();
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
