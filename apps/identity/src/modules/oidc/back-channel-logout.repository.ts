import { sql } from '@questa/db';
import type { IdentityDb } from '../../identity-db';

const after = (ms: number) => sql<string>`now() + make_interval(secs => ${ms / 1000})`;

/** Logout deliveries that failed, waiting to be tried again. */
export function createBackChannelLogoutRepository(db: IdentityDb) {
  return {
    async queue(accountId: string, clientId: string, retryInMs: number) {
      await db
        .insertInto('back_channel_logouts')
        .values({ account_id: accountId, client_id: clientId, next_attempt_at: after(retryInMs) })
        .execute();
    },

    /**
     * Claims deliveries that are due, pushing each one's next attempt `leaseMs` ahead in the same
     * statement, so two provider processes never deliver the same one at once.
     */
    async claimDue(limit: number, leaseMs: number) {
      return db
        .updateTable('back_channel_logouts')
        .set((eb) => ({ next_attempt_at: after(leaseMs), attempts: eb('attempts', '+', 1) }))
        .where(
          'id',
          'in',
          db
            .selectFrom('back_channel_logouts')
            .select('id')
            .where('next_attempt_at', '<=', sql<string>`now()`)
            .orderBy('next_attempt_at')
            .limit(limit),
        )
        .returning(['id', 'account_id as accountId', 'client_id as clientId', 'attempts'])
        .execute();
    },

    async delivered(id: string) {
      await db.deleteFrom('back_channel_logouts').where('id', '=', id).execute();
    },

    async retryLater(id: string, retryInMs: number) {
      await db
        .updateTable('back_channel_logouts')
        .set({ next_attempt_at: after(retryInMs) })
        .where('id', '=', id)
        .execute();
    },

    /** Drops deliveries older than `ageMs`: the sessions they were meant to end are over. */
    async dropOlderThan(ageMs: number) {
      await db
        .deleteFrom('back_channel_logouts')
        .where('created_at', '<', sql<string>`now() - make_interval(secs => ${ageMs / 1000})`)
        .execute();
    },
  };
}

export type BackChannelLogoutRepository = ReturnType<typeof createBackChannelLogoutRepository>;
