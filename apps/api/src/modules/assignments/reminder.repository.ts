import type { NotificationSubject } from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb, table } from '../../db/json';
import type { ApiDb } from '../../db/tables';

const at = (date: Date) => date.toISOString();

/** An assignment due soon, claimed by this process for reminding. */
export interface DueAssignment {
  id: string;
  classId: string;
  title: string;
  className: string;
  dueAt: string;
}

export function createReminderRepository(db: ApiDb) {
  return {
    /**
     * Claims open assignments of live classes due within `within` of `now` for `leaseMs`, in one
     * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`: a process never waits for
     * another's claim, and a claim whose process died lapses and is taken over.
     */
    async claimDue(now: Date, withinMs: number, leaseMs: number, limit: number) {
      const rows = await db
        .updateTable('assignments')
        .set({ reminder_claimed_until: at(new Date(now.getTime() + leaseMs)) })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('assignments as a')
            .innerJoin('classes as c', 'c.id', 'a.class_id')
            .select('a.id')
            .where('a.due_at', '>', at(now))
            .where('a.due_at', '<=', at(new Date(now.getTime() + withinMs)))
            .where('a.opens_at', '<=', at(now))
            .where('c.archived_at', 'is', null)
            .where((inner) =>
              inner.or([
                inner('a.reminder_claimed_until', 'is', null),
                inner('a.reminder_claimed_until', '<=', at(now)),
              ]),
            )
            .orderBy('a.due_at')
            .limit(limit)
            .forUpdate('a')
            .skipLocked(),
        )
        .returning(['id', 'class_id as classId', 'title', 'due_at as dueAt'])
        .execute();
      if (rows.length === 0) return [];
      const names = await db
        .selectFrom('classes')
        .select(['id', 'name'])
        .where(
          'id',
          'in',
          rows.map((row) => row.classId),
        )
        .execute();
      const nameOf = new Map(names.map((row) => [row.id, row.name]));
      return rows.map((row): DueAssignment => ({
        ...row,
        dueAt: new Date(row.dueAt).toISOString(),
        className: nameOf.get(row.classId) ?? '',
      }));
    },

    /**
     * Reminds up to `batch` learners of the class not yet reminded and not yet done, in one
     * statement that records the reminder and writes the in-app notice together; returns whom.
     * The primary key makes a second reminder impossible, even from a racing process.
     */
    async remindBatch(assignment: DueAssignment, subject: NotificationSubject, batch: number) {
      const { rows } = await sql<{ userId: string }>`
        with picked as (
          select m.user_id
          from ${table('class_members')} m
          where m.class_id = ${assignment.classId}
            and not exists (
              select 1 from ${table('assignment_reminders')} r
              where r.assignment_id = ${assignment.id} and r.user_id = m.user_id)
            and not exists (
              select 1 from ${table('submissions')} s
              where s.assignment_id = ${assignment.id} and s.user_id = m.user_id
                and s.completed_at is not null)
          order by m.user_id
          limit ${batch}
        ), reminded as (
          insert into ${table('assignment_reminders')} (assignment_id, user_id)
          select ${assignment.id}, user_id from picked
          on conflict do nothing
          returning user_id
        ), noticed as (
          insert into ${table('notifications')} (user_id, kind, subject)
          select user_id, ${subject.kind}, ${jsonb(subject)} from reminded
          returning user_id
        )
        select user_id as "userId" from noticed`.execute(db);
      return rows.map((row) => row.userId);
    },
  };
}

export type ReminderRepository = ReturnType<typeof createReminderRepository>;
