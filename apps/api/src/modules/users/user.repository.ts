import {
  globalRoles,
  type BillingInterval,
  type GlobalRole,
  type PlanFeatures,
  type SubscriptionStatus,
} from '@questa/contracts';
import { sql } from '@questa/db';
import { API_SCHEMA, type ApiDb } from '../../db/tables';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface UserRow {
  id: string;
  sub: string;
  email: string;
  displayName: string;
  /** Granted in Questa plus those the identity provider asserted at the last sign-in. */
  roles: GlobalRole[];
  createdAt: string;
  /** Premium granted by hand and still running; `until` null when it does not end. */
  premiumGrant: { until: string | null } | null;
  /** Extra exam time, in percent of the time limit. */
  extraTimePercent: number;
  /** When a deletion they asked for is due; null when none is pending. */
  deletionDueAt: string | null;
  /** The subscription that decides their plan: a running one first, else the latest. */
  subscription: UserSubscription | null;
  /** A checkout of theirs is open at the payment partner. */
  checkoutPending: boolean;
}

export interface UserSubscription {
  status: SubscriptionStatus;
  plan: { id: string; name: string } | null;
  interval: BillingInterval | null;
  features: PlanFeatures | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

const columns = [
  'id',
  'sub',
  'email',
  'display_name as displayName',
  'created_at as createdAt',
  'extra_time_percent as extraTimePercent',
  'deletion_due_at as deletionDueAt',
  sql<{
    until: string | null;
  } | null>`(select json_build_object('until', g.until) from ${sql.id(API_SCHEMA, 'entitlement_grants')} g where g.user_id = users.id and (g.until is null or g.until > now()) order by g.until desc nulls first limit 1)`.as(
    'premiumGrant',
  ),
  sql<UserSubscription | null>`(select json_build_object(
      'status', s.status,
      'plan', case when p.id is null then null else json_build_object('id', p.id, 'name', p.name) end,
      'interval', pr.interval,
      'features', p.features,
      'currentPeriodStart', s.current_period_start,
      'currentPeriodEnd', s.current_period_end,
      'cancelAtPeriodEnd', s.cancel_at_period_end)
    from ${sql.id(API_SCHEMA, 'billing_subscriptions')} s
    left join ${sql.id(API_SCHEMA, 'billing_plans')} p on p.id = s.plan_id
    left join ${sql.id(API_SCHEMA, 'billing_prices')} pr on pr.id = s.price_id
    where s.user_id = users.id
    order by s.status in ('trialing', 'active', 'past_due') desc, s.started_at desc, s.id
    limit 1)`.as('subscription'),
  sql<boolean>`exists (select 1 from ${sql.id(API_SCHEMA, 'billing_checkouts')} c where c.user_id = users.id and c.status in ('creating', 'open') and c.expires_at > now())`.as(
    'checkoutPending',
  ),
  // Only roles Questa knows: a provider may assert others, which mean nothing here.
  sql<
    GlobalRole[]
  >`array(select distinct r from unnest(granted_roles || idp_roles) r where r = any(${sql.val([...globalRoles])}::text[]) order by 1)`.as(
    'roles',
  ),
] as const;

export function createUserRepository(db: ApiDb) {
  return {
    /** Creates or refreshes the user from what the provider says at sign-in. */
    async upsertFromSignIn(identity: {
      sub: string;
      email: string;
      name: string;
      roles: string[];
    }) {
      return db
        .insertInto('users')
        .values({
          sub: identity.sub,
          email: identity.email,
          display_name: identity.name || identity.email,
          idp_roles: identity.roles,
          last_sign_in_at: sql<string>`now()`,
        })
        .onConflict((conflict) =>
          conflict.column('sub').doUpdateSet({
            email: identity.email,
            display_name: identity.name || identity.email,
            idp_roles: identity.roles,
            last_sign_in_at: sql<string>`now()`,
            // A provider Questa cannot delete accounts at (an external one) may sign a deleted
            // person in again: they start afresh on the anonymised row. A pending deletion is the
            // account service's to cancel or keep (docs/decisions/0025), not this upsert's.
            deleted_at: null,
            deletion_requested_at: sql<
              string | null
            >`case when users.deleted_at is null then users.deletion_requested_at end`,
            deletion_due_at: sql<
              string | null
            >`case when users.deleted_at is null then users.deletion_due_at end`,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** The display names of the users with these subjects; those with no account are left out. */
    async displayNamesBySub(subs: readonly string[]): Promise<{ sub: string; name: string }[]> {
      if (subs.length === 0) return [];
      return db
        .selectFrom('users')
        .select(['sub', 'display_name as name'])
        .where('sub', 'in', subs)
        .orderBy('sub')
        .execute();
    },

    /** The account with this address, in any letter case, unless it was deleted. */
    async idByEmail(email: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .executeTakeFirst();
      return row?.id;
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const row = await db
        .selectFrom('users')
        .select(columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toUser(row);
    },

    /** Those of `ids` that exist, in one statement, in no particular order. */
    async findByIds(ids: readonly string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(columns)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map(toUser);
    },

    /**
     * Newest first, those whose email or name contains `q` when given; the cursor is the last id
     * of the previous page.
     */
    async list({
      q,
      cursor,
      limit,
    }: {
      q?: string | undefined;
      cursor?: string | undefined;
      limit: number;
    }) {
      let query = db
        .selectFrom('users')
        .select(columns)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((row) =>
          row.or([row('email', 'ilike', pattern), row('display_name', 'ilike', pattern)]),
        );
      }
      if (cursor && uuidPattern.test(cursor)) {
        query = query.where(
          sql<boolean>`(created_at, id) < (select c.created_at, c.id from ${sql.id(API_SCHEMA, 'users')} c where c.id = ${cursor})`,
        );
      }
      const rows = await query.limit(limit + 1).execute();
      return {
        users: rows.slice(0, limit).map(toUser),
        nextCursor: rows.length > limit ? rows[limit - 1]!.id : null,
      };
    },

    async grantRole(id: string, role: string) {
      const result = await db
        .updateTable('users')
        .set({
          granted_roles: sql`array(select distinct unnest(granted_roles || array[${role}]::text[]))`,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async revokeRole(id: string, role: string) {
      const result = await db
        .updateTable('users')
        .set({ granted_roles: sql`array_remove(granted_roles, ${role})` })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Premium by hand until `until` (null: until revoked); replaces an earlier grant. */
    async grantPremium(id: string, until: string | null, grantedBy: string) {
      await db
        .insertInto('entitlement_grants')
        .values({ user_id: id, source: 'admin', granted_by: grantedBy, until })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'source']).doUpdateSet({
            granted_by: grantedBy,
            until,
            granted_at: sql<string>`now()`,
          }),
        )
        .execute();
    },

    async revokePremium(id: string) {
      await db
        .deleteFrom('entitlement_grants')
        .where('user_id', '=', id)
        .where('source', '=', 'admin')
        .execute();
    },

    async setExtraTime(id: string, percent: number) {
      await db
        .updateTable('users')
        .set({ extra_time_percent: percent })
        .where('id', '=', id)
        .execute();
    },

    /** Demo accounts exist before anyone signs in, so admins can find them at once. */
    async ensure(user: { sub: string; email: string; name: string; roles: string[] }) {
      await db
        .insertInto('users')
        .values({
          sub: user.sub,
          email: user.email,
          display_name: user.name,
          idp_roles: user.roles,
        })
        .onConflict((conflict) => conflict.column('sub').doNothing())
        .execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

// Both engines hand timestamps back as PostgreSQL text; the API speaks ISO 8601.
const toUser = (row: UserRow): UserRow => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  deletionDueAt: isoOrNull(row.deletionDueAt),
  premiumGrant: row.premiumGrant && {
    until: row.premiumGrant.until && new Date(row.premiumGrant.until).toISOString(),
  },
  subscription: row.subscription && {
    ...row.subscription,
    currentPeriodStart: isoOrNull(row.subscription.currentPeriodStart),
    currentPeriodEnd: isoOrNull(row.subscription.currentPeriodEnd),
  },
});

const isoOrNull = (value: string | null) => value && new Date(value).toISOString();
