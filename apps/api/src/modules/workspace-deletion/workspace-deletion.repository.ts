import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

/** Subscription states in which the partner would still charge the workspace. */
const chargingStatuses = ['trialing', 'active', 'past_due'] as const;

/** A moment of the service's clock as a timestamp PostgreSQL compares without guessing a type. */
const at = (moment: Date) => sql<string>`${moment.toISOString()}::timestamptz`;

export interface ScheduledDeletion {
  clientId: string;
  slug: string;
  name: string;
  requestedBy: string;
  dueAt: string;
}

const columns = [
  'client_id as clientId',
  'slug',
  'name',
  'requested_by as requestedBy',
  'due_at as dueAt',
] as const;

/** What keeping a workspace did: the deletion was called off, there was none, or it is running. */
export type KeepOutcome = 'kept' | 'none' | 'under_way';

/**
 * Workspaces scheduled for deletion, and the main API's share of erasing one: its classes with
 * their rosters, assignments, submissions and the learners' attempts made for them, its exam
 * blueprints and unfinished plan checkouts. What stays, and why, is docs/decisions/0034.
 */
export function createWorkspaceDeletionRepository(db: ApiDb) {
  return {
    async find(clientId: string): Promise<ScheduledDeletion | undefined> {
      return db
        .selectFrom('workspace_deletions')
        .select(columns)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },

    async isScheduled(clientId: string): Promise<boolean> {
      const row = await db
        .selectFrom('workspace_deletions')
        .select('client_id')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Schedules the deletion at `dueAt`. Asking again keeps the first date: the members were told
     * it. Answers the date that holds.
     */
    async schedule(values: {
      clientId: string;
      slug: string;
      name: string;
      requestedBy: string;
      requestedAt: Date;
      dueAt: Date;
    }): Promise<string> {
      await db
        .insertInto('workspace_deletions')
        .values({
          client_id: values.clientId,
          slug: values.slug,
          name: values.name,
          requested_by: values.requestedBy,
          requested_at: values.requestedAt.toISOString(),
          due_at: values.dueAt.toISOString(),
        })
        .onConflict((conflict) => conflict.column('client_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('workspace_deletions')
        .select('due_at')
        .where('client_id', '=', values.clientId)
        .executeTakeFirstOrThrow();
      return new Date(row.due_at).toISOString();
    },

    /**
     * Calls the deletion off unless a process is carrying it out: the delete and the sweep's
     * claim lock the same row, so exactly one of them wins.
     */
    async keep(clientId: string, now: Date): Promise<KeepOutcome> {
      const kept = await db
        .deleteFrom('workspace_deletions')
        .where('client_id', '=', clientId)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at(now))]))
        .returning('client_id')
        .executeTakeFirst();
      if (kept) return 'kept';
      return (await this.isScheduled(clientId)) ? 'under_way' : 'none';
    },

    /**
     * Claims up to `limit` deletions due at `now` for `leaseMs`, skipping those another process
     * holds, so each is carried out by one process; a claim whose process died lapses.
     */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<ScheduledDeletion[]> {
      return db
        .updateTable('workspace_deletions')
        .set({ claimed_until: at(new Date(now.getTime() + leaseMs)) })
        .where('client_id', 'in', (eb) =>
          eb
            .selectFrom('workspace_deletions')
            .select('client_id')
            .where('due_at', '<=', at(now))
            .where((inner) =>
              inner.or([inner('claimed_until', 'is', null), inner('claimed_until', '<=', at(now))]),
            )
            .orderBy('due_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(columns)
        .execute();
    },

    /** Gives a claim up early (the question database was down), so the next sweep retries. */
    async releaseClaim(clientId: string): Promise<void> {
      await db
        .updateTable('workspace_deletions')
        .set({ claimed_until: null })
        .where('client_id', '=', clientId)
        .execute();
    },

    /** A workspace subscription the partner will charge again: one not cancelled or set to end. */
    async hasRenewingPlan(clientId: string): Promise<boolean> {
      const row = await db
        .selectFrom('workspace_subscriptions')
        .select('id')
        .where('client_id', '=', clientId)
        .where('status', 'in', chargingStatuses)
        .where('cancel_at_period_end', '=', false)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Erases the workspace's rows here in one transaction, the schedule's row last: a crash
     * leaves either nothing done or everything, and a repeat finds nothing to do. Plan
     * subscriptions and invoices stay: they are accounting records (decision 0013).
     */
    async erase(clientId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const assignments = trx
          .selectFrom('assignments')
          .select('id')
          .where('client_id', '=', clientId);
        // The learners' attempts made for the workspace's assignments are its results.
        await trx
          .deleteFrom('practice_sessions')
          .where('assignment_id', 'in', assignments)
          .execute();
        await trx
          .deleteFrom('exam_attempts')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('submissions')
              .select('exam_attempt_id')
              .where('assignment_id', 'in', assignments)
              .where('exam_attempt_id', 'is not', null)
              .$narrowType<{ exam_attempt_id: string }>(),
          )
          .execute();
        // Class members, assignments with their questions, reminders and submissions go with
        // their class; live rooms played in a class stay their host's, no longer tied to it.
        await trx.deleteFrom('assignments').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('classes').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('exam_blueprints').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('workspace_checkouts').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('workspace_deletions').where('client_id', '=', clientId).execute();
      });
    },
  };
}

export type WorkspaceDeletionRepository = ReturnType<typeof createWorkspaceDeletionRepository>;
