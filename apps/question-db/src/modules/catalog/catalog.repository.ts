import { sql } from '@questa/db';
import type { CatalogBank, CatalogBankDetail, CatalogList, CatalogQuery } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';

const listedVisibilities = ['public', 'premium'] as const;
/** Tags offered as filters, the most used first; more would not fit a list anyone reads. */
const tagFacetMax = 100;

/** `text` as a LIKE pattern that finds it anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createCatalogRepository(db: QuestionDb) {
  // The inner join leaves out banks without a published question: a learner could do nothing there.
  const listedBanks = () =>
    db
      .selectFrom('banks as b')
      .innerJoin('questions as q', (join) =>
        join.onRef('q.bank_id', '=', 'b.id').on('q.published_version', 'is not', null),
      )
      .where('b.visibility', 'in', listedVisibilities)
      .where('b.archived_at', 'is', null)
      // A suspended workspace's banks leave the catalog with it.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('clients as c')
              .select('c.id')
              .whereRef('c.id', '=', 'b.client_id')
              .where('c.suspended_at', 'is not', null),
          ),
        ),
      )
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
      .selectFrom('banks as b')
      .innerJoin('clients as c', 'c.id', 'b.client_id')
      .select('b.client_id')
      .where('b.id', '=', bankId)
      .where('b.visibility', 'in', listedVisibilities)
      .where('b.archived_at', 'is', null)
      .where('c.suspended_at', 'is', null)
      .executeTakeFirst();
    return row?.client_id;
  }

  const matching = (query: CatalogQuery) => {
    let banks = listedBanks();
    if (query.q !== undefined) {
      const pattern = containing(query.q);
      banks = banks.where((row) =>
        row.or([row('b.title', 'ilike', pattern), row('b.description', 'ilike', pattern)]),
      );
    }
    if (query.language !== undefined) banks = banks.where('b.language', '=', query.language);
    if (query.tag !== undefined) banks = banks.where(sql<boolean>`${query.tag} = any(b.tags)`);
    if (query.access !== undefined) {
      banks = banks.where('b.visibility', '=', query.access === 'free' ? 'public' : 'premium');
    }
    if (query.minQuestions !== undefined) {
      banks = banks.having(sql`count(q.id)`, '>=', query.minQuestions);
    }
    return banks;
  };

  return {
    /** One page of the listed banks that match, and how many match in all. */
    async listBanks(query: CatalogQuery): Promise<{ banks: CatalogBank[]; total: number }> {
      let page = matching(query);
      page =
        query.sort === 'newest'
          ? page.orderBy('b.updated_at', 'desc')
          : query.sort === 'questions'
            ? page.orderBy(sql`count(q.id)`, 'desc')
            : page;
      // Ties fall back to the title, then the id, so pages never overlap or skip a bank.
      const rows = await page
        .orderBy(sql`lower(b.title)`)
        .orderBy('b.id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      const { total } = await db
        .selectFrom(matching(query).as('m'))
        .select(sql<string>`count(*)`.as('total'))
        .executeTakeFirstOrThrow();
      return { banks: rows.map(toCatalogBank), total: Number(total) };
    },

    /** The languages and tags of every listed bank, for a reader to filter by. */
    async facets(): Promise<Pick<CatalogList, 'languages' | 'tags'>> {
      const listed = listedBanks().as('l');
      const languages = await db
        .selectFrom(listed)
        .groupBy('l.language')
        .select(['l.language', sql<string>`count(*)`.as('bankCount')])
        .orderBy('l.language')
        .execute();
      const tags = await sql<{ tag: string; bankCount: string }>`
        select tag, count(*) as "bankCount"
        from (${listedBanks()}) as l, unnest(l.tags) as tag
        group by tag
        order by count(*) desc, tag
        limit ${tagFacetMax}`.execute(db);
      return {
        languages: languages.map((row) => ({ ...row, bankCount: Number(row.bankCount) })),
        tags: tags.rows.map((row) => ({ ...row, bankCount: Number(row.bankCount) })),
      };
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
        .select([
          'q.id as questionId',
          'v.version',
          'v.content',
          'q.passage_id as passageId',
          'q.passage_position as passagePosition',
        ])
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
