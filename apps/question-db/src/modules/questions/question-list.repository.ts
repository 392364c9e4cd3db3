import { sql } from '@questa/db';
import type { QuestionStatus, QuestionSummary, QuestionType } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { searchConfigOf, searchTextOf } from '../../db/search';

import { isoTimestamp } from '../../db/timestamps';

/** How many of the newest questions a search reads first, to judge how common its words are. */
const RECENT_PROBE = 1_000;
/** The most of the newest questions a search reads before it turns to the word index. */
const RECENT_SCAN = 40_000;

export interface QuestionFilters {
  clientId: string;
  bankId?: string | undefined;
  topic?: string | undefined;
  tag?: string | undefined;
  type?: QuestionType | undefined;
  /** Any of these types; for callers that can use only some. */
  types?: readonly QuestionType[] | undefined;
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
    let query = db.selectFrom('questions as q');
    if (filters.bankId === undefined) {
      query = query.where('q.client_id', '=', filters.clientId);
    } else {
      // Checked row by row rather than through an index: given the tenant as an index condition,
      // the planner may walk the tenant's recency index and skip every newer question of its
      // other banks, instead of walking the bank's own.
      query = query
        .where('q.bank_id', '=', filters.bankId)
        .where(sql<boolean>`(q.client_id = ${filters.clientId}::uuid) is true`);
    }
    if (filters.topic !== undefined) query = query.where('q.topic', '=', filters.topic);
    if (filters.type !== undefined) query = query.where('q.type', '=', filters.type);
    if (filters.types !== undefined) query = query.where('q.type', 'in', filters.types);
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

  /**
   * How well the question matches, by its own configuration's query: one constant query per
   * configuration in use, parsed once per statement rather than once per row.
   */
  const rankOf = (search: SearchText) =>
    sql<number>`ts_rank(q.search_document, case ${sql.join(
      search.configs.map(
        (config) =>
          sql`when q.search_config = ${config}::regconfig then websearch_to_tsquery(${config}::regconfig, ${search.text})`,
      ),
      sql` `,
    )} end)`;

  /**
   * The newest `size` matches among the newest `scanned` questions, newest first, with their
   * rank. A bank's walk reads only its recency index, which carries the words (migration 0018).
   */
  const recentMatches = (
    filters: QuestionFilters,
    search: SearchText,
    size: number,
    scanned: number,
  ) =>
    db
      .with('recent', () =>
        matching(filters)
          .select(['q.id', 'q.updated_at', 'q.search_config', 'q.search_document'])
          .orderBy('q.updated_at', 'desc')
          .orderBy('q.id', 'desc')
          .limit(scanned),
      )
      .selectFrom('recent as q')
      .where(matchesText(search.configs, search.text))
      .select(['q.id', 'q.updated_at', rankOf(search).as('rank')])
      .orderBy('q.updated_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(size)
      .execute();

  /**
   * The newest `size` matches with their rank, newest first. Which index serves this best
   * depends on how common the words are, and the planner guesses word frequencies poorly; so the
   * order is fixed here. The newest RECENT_PROBE questions are read through the recency index
   * first: a very common word fills the window there. How many matched tells how far a walk
   * down the recency index would go to fill it; if not past RECENT_SCAN, the walk goes on (a word
   * in one question of a hundred reads some 20,000 recent rows, from the index alone in a bank).
   * Otherwise, a rare word above all, all matches are gathered through the GIN index and sorted,
   * which is cheap precisely because they are few; walking first would read RECENT_SCAN rows for
   * nothing.
   */
  async function newestMatches(filters: QuestionFilters, search: SearchText, size: number) {
    const probed = await recentMatches(filters, search, size, RECENT_PROBE);
    if (probed.length === size) return probed;
    const rowsToFill = probed.length === 0 ? Infinity : (size * RECENT_PROBE) / probed.length;
    if (rowsToFill <= RECENT_SCAN) {
      const walked = await recentMatches(filters, search, size, RECENT_SCAN);
      if (walked.length === size) return walked;
    }
    return db
      .with(
        (cte) => cte('matches').materialized(),
        () =>
          matching(filters)
            .where(matchesText(search.configs, search.text))
            .select(['q.id', 'q.updated_at', 'q.search_config', 'q.search_document']),
      )
      .with('newest', (qb) =>
        qb
          .selectFrom('matches')
          .selectAll()
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size),
      )
      .selectFrom('newest as q')
      .select(['q.id', 'q.updated_at', rankOf(search).as('rank')])
      .orderBy('q.updated_at', 'desc')
      .orderBy('q.id', 'desc')
      .execute();
  }

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
     * oldest of them, where matches beyond the window continue. Only these candidates are
     * ranked: ranking every match of a common word is what makes naive search slow.
     */
    async rankedWindow(
      filters: QuestionFilters,
      search: SearchText,
      size: number,
    ): Promise<{ ids: string[]; oldest: RecencyKey | undefined }> {
      const candidates = await newestMatches(filters, search, size);
      const oldest = candidates.at(-1);
      // Newest first already, so a stable sort by rank leaves ties newest first.
      const ranked = [...candidates].sort((a, b) => Number(b.rank) - Number(a.rank));
      return {
        ids: ranked.map((row) => row.id),
        oldest: oldest && { updatedAt: oldest.updated_at, id: oldest.id },
      };
    },

    /** How many questions pass the filters and, when given, match the search text. */
    async count(filters: QuestionFilters, search?: SearchText): Promise<number> {
      let query = matching(filters);
      if (search) query = query.where(matchesText(search.configs, search.text));
      const row = await query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Up to `limit` ids of the questions that pass the filters (and match the search), newest first. */
    async ids(filters: QuestionFilters, limit: number, search?: SearchText): Promise<string[]> {
      let query = matching(filters);
      if (search) query = query.where(matchesText(search.configs, search.text));
      const rows = await query
        .select('q.id')
        .orderBy('q.updated_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
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
