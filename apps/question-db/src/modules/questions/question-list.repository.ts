import { sql } from '@questa/db';
import type { QuestionStatus, QuestionSummary, QuestionType } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { searchConfigOf, searchTextOf } from '../../db/search';
import { isoTimestamp } from '../../db/timestamps';

export interface QuestionFilters {
  clientId: string;
  bankId?: string | undefined;
  topic?: string | undefined;
  tag?: string | undefined;
  type?: QuestionType | undefined;
  difficulty?: number | undefined;
  status?: QuestionStatus | undefined;
  /** False for callers who may read the tenant but not its private banks. */
  includePrivateBanks: boolean;
}

/** A position in newest-first order: the row's `updated_at` exactly as the database wrote it. */
export interface RecencyKey {
  updatedAt: string;
  id: string;
}

export type SummaryRow = QuestionSummary & { recency: RecencyKey };

const headlineOptions = 'StartSel=«, StopSel=», MaxWords=35, MinWords=12, ShortWord=2';

export function createQuestionListRepository(db: QuestionDb) {
  function matching(filters: QuestionFilters) {
    let query = db.selectFrom('questions as q').where('q.client_id', '=', filters.clientId);
    if (filters.bankId !== undefined) query = query.where('q.bank_id', '=', filters.bankId);
    if (filters.topic !== undefined) query = query.where('q.topic', '=', filters.topic);
    if (filters.type !== undefined) query = query.where('q.type', '=', filters.type);
    if (filters.difficulty !== undefined) {
      query = query.where('q.difficulty', '=', filters.difficulty);
    }
    if (filters.status !== undefined) query = query.where('q.status', '=', filters.status);
    if (filters.tag !== undefined) {
      query = query.where(sql<boolean>`q.tags @> array[${filters.tag}]::text[]`);
    }
    if (!filters.includePrivateBanks) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('banks as b')
            .select('b.id')
            .whereRef('b.id', '=', 'q.bank_id')
            .where('b.visibility', '<>', 'private'),
        ),
      );
    }
    return query;
  }

  const olderThan = (key: RecencyKey) =>
    sql<boolean>`(q.updated_at, q.id) < (${key.updatedAt}::timestamptz, ${key.id}::uuid)`;

  /**
   * Whether the question matches the search text. A tenant's banks may differ in language, so
   * there is one constant query per configuration in use: each can use the GIN index, which a
   * query built from the row's own configuration could not.
   */
  const matchesText = (configs: readonly string[], text: string) =>
    sql<boolean>`(${sql.join(
      configs.map(
        (config) =>
          sql`(q.search_config = ${config}::regconfig and q.search_document @@ websearch_to_tsquery(${config}::regconfig, ${text}))`,
      ),
      sql` or `,
    )})`;

  const rowQuery = (text: string) => sql`websearch_to_tsquery(q.search_config, ${text})`;

  /** Summaries of the given questions, in no particular order, with headlines when searching. */
  async function summaries(ids: readonly string[], text: string | undefined) {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('questions as q')
      .innerJoin('question_versions as v', (join) =>
        join.onRef('v.question_id', '=', 'q.id').onRef('v.version', '=', 'q.current_version'),
      )
      .select([
        'q.id',
        'q.bank_id',
        'q.status',
        'q.current_version',
        'q.published_version',
        'q.revision',
        'q.type',
        sql<string>`left(v.content ->> 'stem', 200)`.as('excerpt'),
        'q.topic',
        'q.tags',
        'q.difficulty',
        'q.updated_at',
        (text === undefined
          ? sql<string | null>`null`
          : sql<string>`ts_headline(q.search_config, ${searchTextOf(sql.ref('v.content'))}, ${rowQuery(text)}, ${headlineOptions})`
        ).as('headline'),
      ])
      .where('q.id', 'in', ids)
      .execute();
    return rows.map((row): SummaryRow => ({
      id: row.id,
      bankId: row.bank_id,
      status: row.status,
      currentVersion: row.current_version,
      publishedVersion: row.published_version,
      revision: row.revision,
      type: row.type,
      excerpt: row.excerpt,
      topic: row.topic,
      tags: row.tags,
      difficulty: row.difficulty,
      updatedAt: isoTimestamp(row.updated_at),
      ...(row.headline === null ? {} : { headline: row.headline }),
      recency: { updatedAt: row.updated_at, id: row.id },
    }));
  }

  const inOrderOf = (ids: readonly string[], rows: SummaryRow[]) => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };

  return {
    /** The text-search configurations of the tenant's banks, or of the one bank asked for. */
    async searchConfigs(clientId: string, bankId?: string): Promise<string[]> {
      let query = db
        .selectFrom('banks')
        .select(sql<string>`${searchConfigOf(sql.ref('language'))}::text`.as('config'))
        .distinct()
        .where('client_id', '=', clientId);
      if (bankId !== undefined) query = query.where('id', '=', bankId);
      return (await query.execute()).map((row) => row.config);
    },

    /** Up to `limit` questions newest first, after `after` when given. */
    async newest(
      filters: QuestionFilters,
      page: { after: RecencyKey | undefined; limit: number; search?: SearchText },
    ): Promise<SummaryRow[]> {
      let query = matching(filters);
      if (page.search) query = query.where(matchesText(page.search.configs, page.search.text));
      if (page.after) query = query.where(olderThan(page.after));
      const ids = await query
        .select('q.id')
        .orderBy('q.updated_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(page.limit)
        .execute();
      const order = ids.map((row) => row.id);
      return inOrderOf(order, await summaries(order, page.search?.text));
    },

    /**
     * The newest `size` matches of the search, most relevant first (ties newest first), and the
     * oldest of them, where matches beyond the window continue. The candidates are read through the recency index or the GIN index,
     * whichever the planner expects to be cheaper, and only they are ranked.
     */
    async rankedWindow(
      filters: QuestionFilters,
      search: SearchText,
      size: number,
    ): Promise<{ ids: string[]; oldest: RecencyKey | undefined }> {
      const rows = await db
        .with(
          (cte) => cte('candidates').materialized(),
          () =>
            matching(filters)
              .where(matchesText(search.configs, search.text))
              .select(['q.id', 'q.updated_at'])
              .orderBy('q.updated_at', 'desc')
              .orderBy('q.id', 'desc')
              .limit(size),
        )
        .selectFrom('candidates as c')
        // Ranked after the limit, on the candidates only: ranking every match of a common word
        // is what made searching a million questions slow.
        .innerJoin('questions as q', 'q.id', 'c.id')
        .select([
          'c.id',
          'c.updated_at',
          sql<number>`ts_rank(q.search_document, ${rowQuery(search.text)})`.as('rank'),
          sql<string>`row_number() over (order by c.updated_at, c.id)`.as('age'),
        ])
        .orderBy('rank', 'desc')
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
      const oldest = rows.find((row) => Number(row.age) === 1);
      return {
        ids: rows.map((row) => row.id),
        oldest: oldest && { updatedAt: oldest.updated_at, id: oldest.id },
      };
    },

    /** Summaries of the given questions in the given order, with headlines for the search. */
    async summariesInOrder(ids: readonly string[], text: string): Promise<SummaryRow[]> {
      return inOrderOf(ids, await summaries(ids, text));
    },
  };
}

export interface SearchText {
  text: string;
  /** The text-search configurations to match in; see `searchConfigs`. */
  configs: readonly string[];
}

export type QuestionListRepository = ReturnType<typeof createQuestionListRepository>;
