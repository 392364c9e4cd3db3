import type {
  QuestionCount,
  QuestionList,
  QuestionListQuery as ListQuery,
  QuestionSelection,
  QuestionSummary,
} from '@questa/contracts';
import { can, type Principal } from '@questa/policy';
import { mayReadBank, noSuchBank } from '../banks/bank-access';
import type { BankRepository } from '../banks/bank.repository';
import { decodeCursor, encodeCursor, invalidCursor } from './list-cursor';
import type {
  QuestionFilters,
  QuestionListRepository,
  SearchText,
  SummaryRow,
} from './question-list.repository';

/**
 * How many of the newest matches a search ranks by relevance. Ranking every match of a common
 * word in a million questions means reading and scoring hundreds of thousands of rows (over half
 * a second); the newest 200 cost a few milliseconds whatever the word. PostgreSQL finds them the
 * cheap way for each word: a rare word through the GIN index (few matches to sort by recency), a
 * common one by walking the recency index until 200 rows match (a few hundred rows read). A rare
 * word has fewer matches than the window, so its ranking is exact; for a common one the first
 * pages are the most relevant of the recent matches, and older matches follow, newest first.
 *
 * Known weak spot: a filter that never co-occurs with a common word (a tag or topic the word
 * never appears under) makes that walk read the whole filter's index, or the tenant's when the
 * filter is a tag, before it finds that nothing matches.
 */
export const SEARCH_WINDOW = 200;

/** What a page asks besides its filters. */
type PageQuery = Pick<ListQuery, 'q' | 'cursor' | 'limit'>;

const withoutKey = ({ recency: _recency, ...summary }: SummaryRow): QuestionSummary => summary;

export function createQuestionListService(deps: {
  list: QuestionListRepository;
  banks: Pick<BankRepository, 'visibilityOf'>;
}) {
  const { list } = deps;

  /** A page of newest-first rows, fetched one longer than asked to tell whether more follow. */
  function newestPage(rows: SummaryRow[], limit: number): QuestionList {
    const onPage = rows.slice(0, limit);
    const last = onPage.at(-1);
    return {
      questions: onPage.map(withoutKey),
      nextCursor: rows.length > limit && last ? encodeCursor({ after: last.recency }) : null,
    };
  }

  async function search(filters: QuestionFilters, query: PageQuery, text: string) {
    const configs = await list.searchConfigs(filters.clientId, filters.bankId);
    if (configs.length === 0) return { questions: [], nextCursor: null };
    const searchText: SearchText = { text, configs };
    const cursor = query.cursor === undefined ? { offset: 0 } : decodeCursor(query.cursor);

    if ('after' in cursor) {
      // Past the ranked window: the older matches, newest first.
      const rows = await list.newest(filters, {
        after: cursor.after,
        limit: query.limit + 1,
        search: searchText,
      });
      return newestPage(rows, query.limit);
    }

    const window = await list.rankedWindow(filters, searchText, SEARCH_WINDOW);
    const ids = window.ids.slice(cursor.offset, cursor.offset + query.limit);
    const rows = await list.summariesInOrder(ids, text);
    const end = cursor.offset + query.limit;
    let nextCursor: string | null = null;
    if (end < window.ids.length) nextCursor = encodeCursor({ offset: end });
    else if (window.ids.length === SEARCH_WINDOW && window.oldest) {
      nextCursor = encodeCursor({ after: window.oldest });
    }
    return { questions: rows.map(withoutKey), nextCursor };
  }

  /** A page of the questions that pass `filters`: newest first, or, with `q`, best match first. */
  async function page(filters: QuestionFilters, query: PageQuery): Promise<QuestionList> {
    if (query.q !== undefined) return search(filters, query, query.q);
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (cursor && !('after' in cursor)) throw invalidCursor();
    const rows = await list.newest(filters, { after: cursor?.after, limit: query.limit + 1 });
    return newestPage(rows, query.limit);
  }

  /** What the caller may list of the tenant, or of the one bank asked for. */
  async function filtersFor(
    principal: Principal,
    clientId: string,
    query: QuestionSelection & { bankId?: string | undefined },
  ): Promise<QuestionFilters> {
    if (query.bankId !== undefined) {
      const visibility = await deps.banks.visibilityOf(clientId, query.bankId);
      if (!visibility || !mayReadBank(principal, clientId, visibility)) throw noSuchBank();
    }
    return {
      clientId,
      bankId: query.bankId,
      topic: query.topic,
      tag: query.tag,
      type: query.type,
      difficulty: query.difficulty,
      status: query.status,
      includePrivateBanks: can(principal, 'bank:read_private', clientId),
    };
  }

  async function searchText(filters: QuestionFilters, text: string): Promise<SearchText> {
    return { text, configs: await list.searchConfigs(filters.clientId, filters.bankId) };
  }

  return {
    /** The tenant's questions newest first, or, with `q`, matching the search text. */
    async list(principal: Principal, clientId: string, query: ListQuery): Promise<QuestionList> {
      return page(await filtersFor(principal, clientId, query), query);
    },

    /** How many questions the list would show over all its pages. */
    async count(
      principal: Principal,
      clientId: string,
      query: QuestionSelection & { bankId?: string | undefined },
    ): Promise<QuestionCount> {
      const filters = await filtersFor(principal, clientId, query);
      const search = query.q === undefined ? undefined : await searchText(filters, query.q);
      if (search?.configs.length === 0) return { count: 0 };
      return { count: await list.count(filters, search) };
    },

    /**
     * Up to `limit` ids of the questions the list would show, newest first, for a caller that has
     * already decided what it may see.
     */
    async ids(filters: QuestionFilters, q: string | undefined, limit: number): Promise<string[]> {
      const search = q === undefined ? undefined : await searchText(filters, q);
      if (search?.configs.length === 0) return [];
      return list.ids(filters, limit, search);
    },

    /** The same pages for a caller that has already decided what it may see. */
    page,
  };
}

export type QuestionListService = ReturnType<typeof createQuestionListService>;
