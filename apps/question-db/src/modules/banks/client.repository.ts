import type { QuestionDb } from '../../db/tables';

export function createClientRepository(db: QuestionDb) {
  return {
    findBySlug(slug: string) {
      return db
        .selectFrom('clients')
        .select(['id', 'slug', 'name'])
        .where('slug', '=', slug)
        .executeTakeFirst();
    },
    create(client: { slug: string; name: string }) {
      return db
        .insertInto('clients')
        .values(client)
        .returning(['id', 'slug', 'name'])
        .executeTakeFirstOrThrow();
    },
  };
}

export type ClientRepository = ReturnType<typeof createClientRepository>;
