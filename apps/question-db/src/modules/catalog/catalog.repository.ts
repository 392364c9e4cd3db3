import { sql } from '@questa/db';
import type { CatalogBank, CatalogBankDetail } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';

const listedVisibilities = ['public', 'premium'] as const;

export function createCatalogRepository(db: QuestionDb) {
  const listedBanks = () =>
    db
      .selectFrom('banks as b')
      .leftJoin('questions as q', (join) =>
        join.onRef('q.bank_id', '=', 'b.id').on('q.published_version', 'is not', null),
      )
      .where('b.visibility', 'in', listedVisibilities)
      .groupBy('b.id')
      .select([
        'b.id',
        'b.client_id as clientId',
        'b.slug',
        'b.title',
        'b.description',
        'b.language',
        'b.visibility',
        'b.tags',
        'b.updated_at as updatedAt',
        sql<string>`count(q.id)`.as('questionCount'),
      ]);

  /** The tenant of a public or premium bank; undefined for a private or missing one. */
  async function tenantOfListed(bankId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('banks')
      .select('client_id')
      .where('id', '=', bankId)
      .where('visibility', 'in', listedVisibilities)
      .executeTakeFirst();
    return row?.client_id;
  }

  return {
    async listBanks(): Promise<CatalogBank[]> {
      const rows = await listedBanks().orderBy('b.title').execute();
      return rows.map(toCatalogBank);
    },

    async findBank(
      bankId: string,
    ): Promise<Omit<CatalogBankDetail, 'topics' | 'questionTypes'> | undefined> {
      const row = await listedBanks().where('b.id', '=', bankId).executeTakeFirst();
      return row && toCatalogBank(row);
    },

    /** Whether the bank is in the catalog: public or premium, so a service may draw from it. */
    async isListed(bankId: string): Promise<boolean> {
      return (await tenantOfListed(bankId)) !== undefined;
    },

    tenantOfListed,

    /** The published versions of those of the questions that have one in the bank, in no order. */
    async publishedVersions(bankId: string, questionIds: readonly string[]) {
      return db
        .selectFrom('questions as q')
        .innerJoin('question_versions as v', (join) =>
          join.onRef('v.question_id', '=', 'q.id').onRef('v.version', '=', 'q.published_version'),
        )
        .where('q.bank_id', '=', bankId)
        .where('q.id', 'in', questionIds)
        .select(['q.id as questionId', 'v.version', 'v.content'])
        .execute();
    },

    /** Topics and types of the bank's published versions, most questions first. */
    async publishedBreakdown(bankId: string) {
      const rows = await db
        .selectFrom('questions as q')
        .innerJoin('question_versions as v', (join) =>
          join.onRef('v.question_id', '=', 'q.id').onRef('v.version', '=', 'q.published_version'),
        )
        .where('q.bank_id', '=', bankId)
        .groupBy(['v.topic', 'v.type'])
        .select(['v.topic', 'v.type', sql<string>`count(*)`.as('count')])
        .execute();
      const topics = new Map<string, number>();
      const types = new Set<string>();
      for (const row of rows) {
        topics.set(row.topic, (topics.get(row.topic) ?? 0) + Number(row.count));
        types.add(row.type);
      }
      return {
        topics: [...topics]
          .map(([topic, questionCount]) => ({ topic, questionCount }))
          .sort((a, b) => b.questionCount - a.questionCount || a.topic.localeCompare(b.topic)),
        questionTypes: [...types].sort(),
      };
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

function toCatalogBank(row: {
  id: string;
  clientId: string;
  slug: string;
  title: string;
  description: string;
  language: string;
  visibility: CatalogBank['visibility'];
  tags: string[];
  updatedAt: string;
  questionCount: string | number;
}): CatalogBank {
  return {
    ...row,
    updatedAt: new Date(row.updatedAt).toISOString(),
    questionCount: Number(row.questionCount),
  };
}
