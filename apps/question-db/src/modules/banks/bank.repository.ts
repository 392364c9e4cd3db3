import { sql } from '@questa/db';
import type { BankInput } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import type { TenantBank } from '@questa/contracts';

export function createBankRepository(db: QuestionDb) {
  return {
    async create(clientId: string, bank: Required<BankInput>) {
      return db
        .insertInto('banks')
        .values({ client_id: clientId, ...bank })
        .returning(['id', 'slug'])
        .executeTakeFirstOrThrow();
    },

    /** One page of the tenant's banks in slug order, starting after `afterSlug`. */
    async listForClient(
      clientId: string,
      page: { afterSlug: string | undefined; limit: number; includePrivate: boolean },
    ): Promise<TenantBank[]> {
      let query = db
        .selectFrom('banks as b')
        .leftJoin('questions as q', 'q.bank_id', 'b.id')
        .where('b.client_id', '=', clientId)
        .groupBy('b.id')
        .select([
          'b.id',
          'b.slug',
          'b.title',
          'b.visibility',
          sql<string>`count(q.id)`.as('questionCount'),
        ])
        .orderBy('b.slug')
        .limit(page.limit);
      if (page.afterSlug !== undefined) query = query.where('b.slug', '>', page.afterSlug);
      if (!page.includePrivate) query = query.where('b.visibility', '<>', 'private');
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, questionCount: Number(row.questionCount) }));
    },
  };
}

export type BankRepository = ReturnType<typeof createBankRepository>;
