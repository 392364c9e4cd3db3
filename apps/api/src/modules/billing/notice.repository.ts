import { sql } from '@questa/db';
import { jsonb, table } from '../../db/json';
import type { ApiDb, ApiTables } from '../../db/tables';

export type NoticeKind = ApiTables['billing_notices']['kind'];

/** Mail about billing waiting to be sent, and the lease of the periodic billing job. */
export function createNoticeRepository(db: ApiDb) {
  return {
    /** Queues a message once per key, however often its cause is seen. */
    async add(notice: {
      key: string;
      userId: string;
      kind: NoticeKind;
      details: Record<string, unknown>;
    }) {
      await db
        .insertInto('billing_notices')
        .values({
          key: notice.key,
          user_id: notice.userId,
          kind: notice.kind,
          details: jsonb(notice.details),
        })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    },

    /**
     * Takes up to `limit` unsent messages for a few minutes, skipping those another process holds;
     * a message whose sending failed is taken again once its claim runs out, five times at most.
     */
    async claimUnsent(limit: number) {
      const rows = await sql<{
        id: string;
        kind: NoticeKind;
        details: Record<string, unknown>;
        email: string;
        displayName: string;
      }>`
        update ${table('billing_notices')} n
        set claimed_until = now() + interval '5 minutes', attempts = n.attempts + 1
        from ${table('users')} u
        where u.id = n.user_id and n.id in (
          select id from ${table('billing_notices')}
          where sent_at is null and attempts < 5 and (claimed_until is null or claimed_until < now())
          order by created_at
          limit ${limit}
          for update skip locked)
        returning n.id, n.kind, n.details, u.email, u.display_name as "displayName"`.execute(db);
      return rows.rows;
    },

    async markSent(id: string) {
      await db
        .updateTable('billing_notices')
        .set({ sent_at: sql<string>`now()`, claimed_until: null })
        .where('id', '=', id)
        .execute();
    },

    async listForUser(userId: string) {
      return db
        .selectFrom('billing_notices')
        .select(['kind', 'key', 'sent_at as sentAt'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    /**
     * Takes the job's lease when it is due (last started longer ago than `everyHours`) and no
     * other process holds it.
     */
    async leaseJob(name: string, everyHours: number) {
      await db
        .insertInto('billing_jobs')
        .values({ name, last_report: null })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db
        .updateTable('billing_jobs')
        .set({
          leased_until: sql<string>`now() + interval '30 minutes'`,
          last_started_at: sql<string>`now()`,
        })
        .where('name', '=', name)
        .where((eb) =>
          eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', sql<string>`now()`)]),
        )
        .where((eb) =>
          eb.or([
            eb('last_started_at', 'is', null),
            eb('last_started_at', '<', sql<string>`now() - make_interval(hours => ${everyHours})`),
          ]),
        )
        .returning('name')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives the lease back; a run that failed leaves the previous report in place. */
    async finishJob(name: string, report: unknown) {
      await db
        .updateTable('billing_jobs')
        .set({
          leased_until: null,
          last_finished_at: sql<string>`now()`,
          ...(report !== undefined && { last_report: jsonb(report) }),
        })
        .where('name', '=', name)
        .execute();
    },

    /** Keeps a report of a run that held no lease (an admin's request). */
    async saveReport(name: string, report: unknown) {
      await db
        .insertInto('billing_jobs')
        .values({ name, last_report: jsonb(report) })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet({ last_report: jsonb(report) }),
        )
        .execute();
    },

    async lastReport(name: string): Promise<unknown> {
      const row = await db
        .selectFrom('billing_jobs')
        .select('last_report')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.last_report ?? null;
    },
  };
}

export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
