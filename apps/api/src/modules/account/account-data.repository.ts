import { sql } from '@questa/db';
import { API_SCHEMA, type ApiDb } from '../../db/tables';

/** The name an erased person goes by wherever a record of theirs has to stay. */
export const FORMER_MEMBER = 'Former member';

/** Subscription states in which the partner would still charge the person. */
/**
 * The rows of `table` that belong to one parent row (`parent`, as `alias.id`), as one JSON array
 * in their `position` order: an export nests a session's items under the session.
 */
const childrenOf = (table: string, foreignKey: string, parent: string) =>
  sql<unknown>`(select coalesce(json_agg(c order by c.position), '[]') from ${sql.id(API_SCHEMA, table)} c where c.${sql.id(foreignKey)} = ${sql.ref(parent)})`;

const chargingStatuses = ['trialing', 'active', 'past_due'] as const;

export interface DeletableAccount {
  id: string;
  sub: string;
  email: string;
  displayName: string;
  deletionRequestedAt: string | null;
  deletionDueAt: string | null;
  deletedAt: string | null;
}

/** What signing in did to a pending deletion. */
export type SignInOutcome =
  | { kind: 'none' }
  | { kind: 'cancelled'; email: string; displayName: string }
  /** Due already, or being carried out: the sign-in cannot save the account any more. */
  | { kind: 'under_way' };

const accountColumns = [
  'id',
  'sub',
  'email',
  'display_name as displayName',
  'deletion_requested_at as deletionRequestedAt',
  'deletion_due_at as deletionDueAt',
  'deleted_at as deletedAt',
] as const;

/** A moment of the service's clock as a timestamp PostgreSQL compares without guessing a type. */
const at = (moment: Date) => sql<string>`${moment.toISOString()}::timestamptz`;

/**
 * Every table where a learner's data lives, read for an export and erased for a deletion. What
 * stays after erasing, and why, is docs/decisions/0013; when, docs/decisions/0025.
 */
export function createAccountDataRepository(db: ApiDb) {
  return {
    async find(userId: string): Promise<DeletableAccount | undefined> {
      return db
        .selectFrom('users')
        .select(accountColumns)
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** A subscription the partner will charge again: one not cancelled or set to end. */
    async hasChargingSubscription(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('billing_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', chargingStatuses)
        .where('cancel_at_period_end', '=', false)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks the account for deletion at `dueAt`. Asking again keeps the first date: the person
     * was told it, and a second click must not put it off. Undefined when the account is gone.
     */
    async scheduleDeletion(
      userId: string,
      requestedAt: Date,
      dueAt: Date,
    ): Promise<string | undefined> {
      const row = await db
        .updateTable('users')
        .set({
          deletion_requested_at: sql<string>`coalesce(deletion_requested_at, ${at(requestedAt)})`,
          deletion_due_at: sql<string>`coalesce(deletion_due_at, ${at(dueAt)})`,
        })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .returning('deletion_due_at as dueAt')
        .executeTakeFirst();
      return row?.dueAt ?? undefined;
    },

    /** Makes the deletion due at `now` (an admin's, for a legal request), keeping an earlier date. */
    async makeDueNow(userId: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({
          deletion_requested_at: sql<string>`coalesce(deletion_requested_at, ${at(now)})`,
          deletion_due_at: sql<string>`least(coalesce(deletion_due_at, ${at(now)}), ${at(now)})`,
        })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /**
     * A sign-in cancels a deletion still in its grace. One that is due (the grace ran out, or an
     * admin deleted for a legal request) or claimed by a process carrying it out is not undone:
     * the update and the claim lock the same row, so exactly one of them wins.
     */
    async cancelOnSignIn(userId: string, now: Date): Promise<SignInOutcome> {
      const cancelled = await db
        .updateTable('users')
        .set({ deletion_requested_at: null, deletion_due_at: null, deletion_claimed_until: null })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .where('deletion_due_at', '>', at(now))
        .where((eb) =>
          eb.or([
            eb('deletion_claimed_until', 'is', null),
            eb('deletion_claimed_until', '<=', at(now)),
          ]),
        )
        .returning(['email', 'display_name as displayName'])
        .executeTakeFirst();
      if (cancelled) return { kind: 'cancelled', ...cancelled };
      const pending = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .where('deletion_due_at', 'is not', null)
        .executeTakeFirst();
      return pending ? { kind: 'under_way' } : { kind: 'none' };
    },

    /**
     * Claims up to `limit` deletions due by `now` for `leaseMs`, or just `userId`'s: one
     * statement, rows another process is claiming skipped, so each deletion has one worker
     * however many API processes sweep. A claim that outlives its lease (the process died) is
     * taken over.
     */
    async claimDue(
      now: Date,
      leaseMs: number,
      limit: number,
      userId?: string,
    ): Promise<DeletableAccount[]> {
      return db
        .updateTable('users')
        .set({ deletion_claimed_until: at(new Date(now.getTime() + leaseMs)) })
        .where('id', 'in', (eb) => {
          let due = eb
            .selectFrom('users')
            .select('id')
            .where('deletion_due_at', '<=', at(now))
            .where('deleted_at', 'is', null)
            .where((inner) =>
              inner.or([
                inner('deletion_claimed_until', 'is', null),
                inner('deletion_claimed_until', '<=', at(now)),
              ]),
            );
          if (userId) due = due.where('id', '=', userId);
          return due.orderBy('deletion_due_at').limit(limit).forUpdate().skipLocked();
        })
        .returning(accountColumns)
        .execute();
    },

    /** Gives a claim up early (the provider was down), so the next try need not wait for the lease. */
    async releaseClaim(userId: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ deletion_claimed_until: null })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * Removes the person's learning data and sessions, anonymises what others' records need
     * (live results, the audit trail) and the user row itself, and records the deletion: all in
     * one transaction, so a crash leaves either nothing or everything done.
     */
    async erase(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select(['email'])
          .where('id', '=', userId)
          // Erased once: a second worker that finds it done has nothing to do.
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!user) return;
        const byUser = [
          'sessions',
          'entitlement_grants',
          'daily_usage',
          'answer_events',
          'bookmarks',
          'review_cards',
          // Their items, questions, responses, players and answers go with them (on delete cascade).
          'practice_sessions',
          'exam_attempts',
          'billing_checkouts',
          'billing_notices',
          // What they were told in the app, and which of it they wanted by mail.
          'notifications',
          'notification_mail_preferences',
          // Their places in classes, their submissions and the reminders they were sent; the
          // practice sessions and exam attempts behind the submissions went above.
          'class_members',
          'submissions',
          'assignment_reminders',
        ] as const;
        for (const table of byUser) {
          await trx.deleteFrom(table).where('user_id', '=', userId).execute();
        }
        // Classes they taught go with their assignments and results (decision 0028); work they
        // gave in a class of someone else's stays, no longer saying who gave it.
        await trx.deleteFrom('classes').where('teacher_id', '=', userId).execute();
        await trx
          .updateTable('assignments')
          .set({ created_by: null })
          .where('created_by', '=', userId)
          .execute();
        // Rooms they hosted are theirs; rooms they played in belong to their hosts, whose
        // leaderboards keep the score under a name that no longer says who it was.
        await trx.deleteFrom('live_rooms').where('host_user_id', '=', userId).execute();
        await trx
          .updateTable('live_players')
          .set({
            user_id: null,
            nickname: sql<string>`${FORMER_MEMBER} || ' ' || left(id::text, 8)`,
          })
          .where('user_id', '=', userId)
          .execute();
        // Admins' records of what was done to the person keep the event, not the address.
        await trx
          .updateTable('audit_events')
          .set({ target: `user/${userId}` })
          .where(sql<string>`lower(target)`, '=', user.email.toLowerCase())
          .execute();
        await trx
          .updateTable('users')
          .set({
            email: sql<string>`'deleted-' || id || '@deleted.invalid'`,
            display_name: FORMER_MEMBER,
            granted_roles: [],
            idp_roles: [],
            extra_time_percent: 0,
            last_sign_in_at: null,
            deletion_claimed_until: null,
            deleted_at: sql<string>`now()`,
          })
          .where('id', '=', userId)
          .execute();
        await trx
          .insertInto('audit_events')
          .values({
            action: 'account.deleted',
            actor: null,
            target: `user/${userId}`,
            ip: null,
            details: '{}' as unknown as Record<string, unknown>,
          })
          .execute();
      });
    },

    /** Everything kept about the person, secrets (tokens) left out. */
    async exportOf(userId: string) {
      const rows = <T>(query: Promise<T[]>) => query as Promise<Record<string, unknown>[]>;
      const [profile, answers, reviewCards, bookmarks, practiceSessions, examAttempts] =
        await Promise.all([
          db
            .selectFrom('users')
            .select([
              'id',
              'sub',
              'email',
              'display_name as displayName',
              'granted_roles as grantedRoles',
              'idp_roles as providerRoles',
              'extra_time_percent as extraTimePercent',
              'created_at as createdAt',
              'last_sign_in_at as lastSignInAt',
              'deletion_requested_at as deletionRequestedAt',
              'deletion_due_at as deletionDueAt',
            ])
            .where('id', '=', userId)
            .executeTakeFirstOrThrow(),
          rows(db.selectFrom('answer_events').selectAll().where('user_id', '=', userId).execute()),
          rows(db.selectFrom('review_cards').selectAll().where('user_id', '=', userId).execute()),
          rows(db.selectFrom('bookmarks').selectAll().where('user_id', '=', userId).execute()),
          rows(
            db
              .selectFrom('practice_sessions as s')
              .selectAll('s')
              .select(childrenOf('practice_items', 'session_id', 's.id').as('items'))
              .where('s.user_id', '=', userId)
              .execute(),
          ),
          rows(
            db
              .selectFrom('exam_attempts as a')
              .selectAll('a')
              .select([
                childrenOf('exam_questions', 'attempt_id', 'a.id').as('questions'),
                childrenOf('exam_responses', 'attempt_id', 'a.id').as('responses'),
              ])
              .where('a.user_id', '=', userId)
              .execute(),
          ),
        ]);
      const [liveRoomsHosted, livePlayers, sessions, premiumGrants, dailyUsage] = await Promise.all(
        [
          rows(
            db.selectFrom('live_rooms').selectAll().where('host_user_id', '=', userId).execute(),
          ),
          rows(
            db
              .selectFrom('live_players as p')
              .select([
                'p.id',
                'p.room_id',
                'p.nickname',
                'p.score',
                'p.streak',
                'p.joined_at',
                childrenOf('live_answers', 'player_id', 'p.id').as('answers'),
              ])
              .where('p.user_id', '=', userId)
              .execute(),
          ),
          rows(
            db
              .selectFrom('sessions')
              .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
              .where('user_id', '=', userId)
              .execute(),
          ),
          rows(
            db.selectFrom('entitlement_grants').selectAll().where('user_id', '=', userId).execute(),
          ),
          rows(db.selectFrom('daily_usage').selectAll().where('user_id', '=', userId).execute()),
        ],
      );
      const [subscriptions, invoices, checkouts, notifications, mailPreferences] =
        await Promise.all([
          rows(
            db
              .selectFrom('billing_subscriptions')
              .selectAll()
              .where('user_id', '=', userId)
              .execute(),
          ),
          rows(
            db
              .selectFrom('billing_invoices as i')
              .selectAll('i')
              .select(
                sql<unknown>`(select coalesce(json_agg(r), '[]') from ${sql.id(API_SCHEMA, 'billing_refunds')} r where r.invoice_id = i.id)`.as(
                  'refunds',
                ),
              )
              .where('i.user_id', '=', userId)
              .execute(),
          ),
          rows(
            db
              .selectFrom('billing_checkouts')
              .select(['id', 'plan_id', 'price_id', 'status', 'created_at', 'closed_at'])
              .where('user_id', '=', userId)
              .execute(),
          ),
          rows(
            db
              .selectFrom('notifications')
              .select(['id', 'kind', 'subject', 'created_at', 'read_at'])
              .where('user_id', '=', userId)
              .orderBy('created_at')
              .execute(),
          ),
          rows(
            db
              .selectFrom('notification_mail_preferences')
              .select(['kind', 'mail'])
              .where('user_id', '=', userId)
              .execute(),
          ),
        ]);
      const [classesJoined, submissions, classesTaught] = await Promise.all([
        rows(
          db
            .selectFrom('class_members as m')
            .innerJoin('classes as c', 'c.id', 'm.class_id')
            .select(['c.id', 'c.name', 'c.client_id', 'm.joined_at'])
            .where('m.user_id', '=', userId)
            .execute(),
        ),
        rows(
          db
            .selectFrom('submissions as s')
            .innerJoin('assignments as a', 'a.id', 's.assignment_id')
            .selectAll('s')
            .select(['a.title as assignment_title', 'a.kind as assignment_kind'])
            .where('s.user_id', '=', userId)
            .orderBy('s.started_at')
            .execute(),
        ),
        rows(
          db
            .selectFrom('classes')
            .select(['id', 'name', 'client_id', 'join_code', 'created_at', 'archived_at'])
            .where('teacher_id', '=', userId)
            .execute(),
        ),
      ]);
      return {
        profile: profile as Record<string, unknown>,
        answers,
        reviewCards,
        bookmarks,
        practiceSessions,
        examAttempts,
        liveRoomsHosted,
        livePlayers,
        sessions,
        premiumGrants,
        dailyUsage,
        subscriptions,
        invoices,
        checkouts,
        notifications,
        mailPreferences,
        classesJoined,
        submissions,
        classesTaught,
      };
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
