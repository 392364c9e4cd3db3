import type { Member, Membership, TenantRole } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

function memberQueries(db: QuestionDb) {
  return {
    /** A user's role in each tenant, as the policy module wants it. */
    async rolesOf(userId: string): Promise<Map<string, TenantRole>> {
      const rows = await db
        .selectFrom('memberships')
        .select(['client_id', 'role'])
        .where('user_id', '=', userId)
        .execute();
      return new Map(rows.map((row) => [row.client_id, row.role]));
    },

    async membershipsOf(userId: string): Promise<Membership[]> {
      const rows = await db
        .selectFrom('memberships as m')
        .innerJoin('clients as c', 'c.id', 'm.client_id')
        .select([
          'c.id as clientId',
          'c.slug as clientSlug',
          'c.name as clientName',
          'm.role',
          'c.deletion_due_at',
        ])
        .where('m.user_id', '=', userId)
        .orderBy('c.name')
        .orderBy('c.id')
        .execute();
      return rows.map(({ deletion_due_at, ...membership }) => ({
        ...membership,
        deletionDueAt: isoTimestampOrNull(deletion_due_at),
      }));
    },

    /** Those of `userIds` who are members of the tenant. */
    async among(clientId: string, userIds: readonly string[]): Promise<string[]> {
      const rows = await db
        .selectFrom('memberships')
        .select('user_id')
        .where('client_id', '=', clientId)
        .where('user_id', 'in', userIds)
        .orderBy('user_id')
        .execute();
      return rows.map((row) => row.user_id);
    },

    async list(clientId: string): Promise<Member[]> {
      const rows = await db
        .selectFrom('memberships')
        .select(['user_id', 'role', 'created_at'])
        .where('client_id', '=', clientId)
        .orderBy('created_at')
        .orderBy('user_id')
        .execute();
      return rows.map((row) => ({
        userId: row.user_id,
        role: row.role,
        createdAt: isoTimestamp(row.created_at),
      }));
    },

    async roleOf(clientId: string, userId: string): Promise<TenantRole | undefined> {
      const row = await db
        .selectFrom('memberships')
        .select('role')
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    async countOwners(clientId: string): Promise<number> {
      const { count } = await db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('client_id', '=', clientId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async upsert(clientId: string, userId: string, role: TenantRole): Promise<void> {
      await db
        .insertInto('memberships')
        .values({ client_id: clientId, user_id: userId, role })
        .onConflict((conflict) => conflict.columns(['client_id', 'user_id']).doUpdateSet({ role }))
        .execute();
    },

    /** Grants `role` unless the user already has a role there, which is left as it is. */
    async grantIfAbsent(clientId: string, userId: string, role: TenantRole): Promise<boolean> {
      const inserted = await db
        .insertInto('memberships')
        .values({ client_id: clientId, user_id: userId, role })
        .onConflict((conflict) => conflict.columns(['client_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async remove(clientId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('memberships')
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

type MemberQueries = ReturnType<typeof memberQueries>;

export function createMemberRepository(db: QuestionDb) {
  return {
    ...memberQueries(db),

    /**
     * Runs `change` in a transaction that holds the tenant's row locked, so concurrent changes to
     * one tenant's members happen one after another: two owners demoting each other at the same
     * moment must not leave the tenant with none. Undefined when the tenant does not exist.
     */
    async changeInTenant<T>(
      clientId: string,
      change: (members: MemberQueries) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction().execute(async (trx) => {
        const tenant = await trx
          .selectFrom('clients')
          .select('id')
          .where('id', '=', clientId)
          .forUpdate()
          .executeTakeFirst();
        return tenant ? change(memberQueries(trx)) : undefined;
      });
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
