import { sql } from '@questa/db';
import type { WorkspaceLimitKind } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';

export interface Usage {
  raised: Partial<Record<WorkspaceLimitKind, number>>;
  /** What the paid plan gives; null on the free plan. */
  plan: Record<WorkspaceLimitKind, number> | null;
  used: Record<WorkspaceLimitKind, number>;
}

/**
 * What the workspace uses of each limit, in one statement; undefined for no such workspace.
 * Members count with the invitations still open on the database's clock.
 */
async function usageOn(db: QuestionDb, clientId: string): Promise<Usage | undefined> {
  const row = await db
    .selectFrom('clients as c')
    .select((eb) => [
      'c.raised_limits',
      'c.plan_limits',
      eb
        .selectFrom('memberships as m')
        .select((n) => n.fn.countAll<string>().as('n'))
        .whereRef('m.client_id', '=', 'c.id')
        .as('members'),
      eb
        .selectFrom('invitations as i')
        .select((n) => n.fn.countAll<string>().as('n'))
        .whereRef('i.client_id', '=', 'c.id')
        .where('i.accepted_at', 'is', null)
        .where('i.revoked_at', 'is', null)
        .where('i.expires_at', '>', sql<string>`now()`)
        .as('invited'),
      eb
        .selectFrom('banks as b')
        .select((n) => n.fn.countAll<string>().as('n'))
        .whereRef('b.client_id', '=', 'c.id')
        .as('banks'),
      // Kept by the database on every write of questions (migration 0017).
      'c.question_count as questions',
    ])
    .where('c.id', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    raised: row.raised_limits,
    plan: row.plan_limits,
    used: {
      members: Number(row.members ?? 0) + Number(row.invited ?? 0),
      banks: Number(row.banks ?? 0),
      questions: Number(row.questions ?? 0),
    },
  };
}

export function createLimitRepository(db: QuestionDb) {
  return {
    usage: (clientId: string) => usageOn(db, clientId),

    /**
     * The usage as `usage` reads it, inside the transaction `trx` and after locking the
     * workspace's row, which it keeps until `trx` ends: two additions to one workspace then
     * check and write one after the other, and the second counts what the first wrote. `no key
     * update` leaves the row free for the key-share locks that inserting rows referring to the
     * workspace takes.
     */
    async lockedUsage(trx: QuestionDb, clientId: string): Promise<Usage | undefined> {
      const locked = await trx
        .selectFrom('clients')
        .select('id')
        .where('id', '=', clientId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      // A statement begun after the lock was granted sees what the previous holder committed.
      return locked ? usageOn(trx, clientId) : undefined;
    },

    /**
     * Sets the limits of the workspace's plan, unless a setting of the same or a later revision
     * is there already. Undefined for no such workspace, else whether this one was kept.
     */
    async setPlanLimits(
      clientId: string,
      limits: Record<WorkspaceLimitKind, number> | null,
      revision: number,
    ): Promise<boolean | undefined> {
      const updated = await db
        .updateTable('clients')
        .set({
          plan_limits: limits === null ? null : sql`${JSON.stringify(limits)}::jsonb`,
          plan_limits_revision: String(revision),
        })
        .where('id', '=', clientId)
        .where('plan_limits_revision', '<', String(revision))
        .executeTakeFirst();
      if (updated.numUpdatedRows > 0n) return true;
      const exists = await db
        .selectFrom('clients')
        .select('id')
        .where('id', '=', clientId)
        .executeTakeFirst();
      return exists ? false : undefined;
    },

    async raise(
      clientId: string,
      raised: Partial<Record<WorkspaceLimitKind, number>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('clients')
        .set({ raised_limits: sql`${JSON.stringify(raised)}::jsonb` })
        .where('id', '=', clientId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type LimitRepository = ReturnType<typeof createLimitRepository>;
