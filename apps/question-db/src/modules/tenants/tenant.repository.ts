import type { Tenant } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { isoTimestamp } from '../../db/timestamps';

const asTenant = ({
  created_at,
  ...tenant
}: {
  id: string;
  slug: string;
  name: string;
  created_at: string | Date;
}): Tenant => ({
  ...tenant,
  createdAt: isoTimestamp(created_at),
});

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
          .returning(['id', 'slug', 'name', 'created_at'])
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
        .returning(['id', 'slug', 'name', 'created_at'])
        .executeTakeFirst();
      return row && asTenant(row);
    },

    async list(): Promise<Tenant[]> {
      const rows = await db
        .selectFrom('clients')
        .select(['id', 'slug', 'name', 'created_at'])
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map(asTenant);
    },
  };
}

export type TenantRepository = ReturnType<typeof createTenantRepository>;
