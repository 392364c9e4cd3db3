import type { Tenant } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { sql } from '@questa/db';

const asTenant = ({
  created_at,
  suspended_at,
  deletion_due_at,
  ...tenant
}: {
  id: string;
  slug: string;
  name: string;
  created_at: string | Date;
  suspended_at: string | Date | null;
  deletion_due_at: string | Date | null;
}): Tenant => ({
  ...tenant,
  createdAt: isoTimestamp(created_at),
  suspendedAt: isoTimestampOrNull(suspended_at),
  deletionDueAt: isoTimestampOrNull(deletion_due_at),
});

const tenantColumns = [
  'id',
  'slug',
  'name',
  'created_at',
  'suspended_at',
  'deletion_due_at',
] as const;

/** What the permission guard needs to know of a workspace before letting a member in. */
export interface WorkspaceState {
  suspended: boolean;
  deletionScheduled: boolean;
}

export function createTenantRepository(db: QuestionDb) {
  return {
    findBySlug(slug: string) {
      return db
        .selectFrom('clients')
        .select(['id', 'slug', 'name'])
        .where('slug', '=', slug)
        .executeTakeFirst();
    },

    async exists(clientId: string): Promise<boolean> {
      const row = await db
        .selectFrom('clients')
        .select('id')
        .where('id', '=', clientId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async nameOf(clientId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('clients')
        .select('name')
        .where('id', '=', clientId)
        .executeTakeFirst();
      return row?.name;
    },

    /** Which of `slugs` some tenant already has. */
    async slugsTaken(slugs: readonly string[]): Promise<Set<string>> {
      if (slugs.length === 0) return new Set();
      const rows = await db
        .selectFrom('clients')
        .select('slug')
        .where('slug', 'in', slugs)
        .execute();
      return new Set(rows.map((row) => row.slug));
    },

    create(client: { slug: string; name: string }) {
      return db
        .insertInto('clients')
        .values(client)
        .returning(['id', 'slug', 'name'])
        .executeTakeFirstOrThrow();
    },

    /**
     * Creates the tenant with `ownerId` as its owner, both or neither: a tenant nobody owns could
     * never be managed. Undefined when another tenant has the slug, also one created a moment ago.
     */
    async createOwned(
      client: { slug: string; name: string },
      ownerId: string,
    ): Promise<Tenant | undefined> {
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('clients')
          .values(client)
          .onConflict((conflict) => conflict.column('slug').doNothing())
          .returning(tenantColumns)
          .executeTakeFirst();
        if (!created) return undefined;
        await trx
          .insertInto('memberships')
          .values({ client_id: created.id, user_id: ownerId, role: 'owner' })
          .execute();
        return asTenant(created);
      });
    },

    async rename(clientId: string, name: string): Promise<Tenant | undefined> {
      const row = await db
        .updateTable('clients')
        .set({ name })
        .where('id', '=', clientId)
        .returning(tenantColumns)
        .executeTakeFirst();
      return row && asTenant(row);
    },

    /** Whether the workspace is suspended or awaits deletion; neither for no such workspace. */
    async stateOf(clientId: string): Promise<WorkspaceState> {
      const row = await db
        .selectFrom('clients')
        .select(['suspended_at', 'deletion_due_at'])
        .where('id', '=', clientId)
        .executeTakeFirst();
      return {
        suspended: row?.suspended_at != null,
        deletionScheduled: row?.deletion_due_at != null,
      };
    },

    /** Marks the workspace for deletion at `dueAt`, or keeps it (null). */
    async setDeletionDue(clientId: string, dueAt: string | null): Promise<Tenant | undefined> {
      const row = await db
        .updateTable('clients')
        .set({ deletion_due_at: dueAt })
        .where('id', '=', clientId)
        .returning(tenantColumns)
        .executeTakeFirst();
      return row && asTenant(row);
    },

    /**
     * Erases a workspace scheduled for deletion: memberships, invitations, API keys, banks,
     * questions with their versions, passages and media rows go with it by their foreign keys.
     * Whether any was left to erase.
     */
    async erase(clientId: string): Promise<boolean> {
      const row = await db
        .deleteFrom('clients')
        .where('id', '=', clientId)
        .where('deletion_due_at', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Suspends the workspace, keeping the first time, or restores it. */
    async setSuspended(clientId: string, suspended: boolean): Promise<Tenant | undefined> {
      const row = await db
        .updateTable('clients')
        .set({
          suspended_at: suspended ? sql<string>`coalesce(suspended_at, now())` : null,
        })
        .where('id', '=', clientId)
        .returning(tenantColumns)
        .executeTakeFirst();
      return row && asTenant(row);
    },

    /** Every workspace, or those whose name or address contains `q` in any letter case. */
    async list(q?: string): Promise<Tenant[]> {
      let query = db.selectFrom('clients').select(tenantColumns);
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((row) =>
          row.or([row('name', 'ilike', pattern), row('slug', 'ilike', pattern)]),
        );
      }
      const rows = await query.orderBy('name').orderBy('id').execute();
      return rows.map(asTenant);
    },
  };
}

export type TenantRepository = ReturnType<typeof createTenantRepository>;
