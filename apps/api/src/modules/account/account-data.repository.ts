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
  deletionRequestedAt: string | null;
  deletedAt: string | null;
}

/**
 * Every table where a learner's data lives, read for an export and erased for a deletion. What
 * stays after erasing, and why, is docs/decisions/0013.
 */
export function createAccountDataRepository(db: ApiDb) {
  return {
    async find(userId: string): Promise<DeletableAccount | undefined> {
      return db
        .selectFrom('users')
        .select([
          'id',
          'sub',
          'email',
          'deletion_requested_at as deletionRequestedAt',
          'deleted_at as deletedAt',
        ])
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
     * Deletions asked for at least `olderThanMs` ago and not finished: the provider was down, or a
     * crash. Measured on the database's clock, which stamped the request, so an API process whose
     * clock runs differently (or the same millisecond) cannot skip or take one early.
     */
    async pendingDeletions(olderThanMs: number, limit: number): Promise<DeletableAccount[]> {
      return db
        .selectFrom('users')
        .select([
          'id',
          'sub',
          'email',
          'deletion_requested_at as deletionRequestedAt',
          'deleted_at as deletedAt',
        ])
        .where(
          'deletion_requested_at',
          '<=',
          sql<string>`now() - make_interval(secs => ${olderThanMs / 1000})`,
        )
        .where('deleted_at', 'is', null)
        .orderBy('deletion_requested_at')
        .limit(limit)
        .execute();
    },

    async markDeletionRequested(userId: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ deletion_requested_at: sql<string>`coalesce(deletion_requested_at, now())` })
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
        ] as const;
        for (const table of byUser) {
          await trx.deleteFrom(table).where('user_id', '=', userId).execute();
        }
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
      const [subscriptions, invoices, checkouts] = await Promise.all([
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
      };
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
