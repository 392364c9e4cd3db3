import type { Tenant } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { isoTimestamp } from '../../db/timestamps';

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

    create(client: { slug: string; name: string }) {
      return db
        .insertInto('clients')
        .values(client)
        .returning(['id', 'slug', 'name'])
        .executeTakeFirstOrThrow();
    },

    async list(): Promise<Tenant[]> {
      const rows = await db
        .selectFrom('clients')
        .select(['id', 'slug', 'name', 'created_at'])
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map(({ created_at, ...tenant }) => ({
        ...tenant,
        createdAt: isoTimestamp(created_at),
      }));
    },
  };
}

export type TenantRepository = ReturnType<typeof createTenantRepository>;
