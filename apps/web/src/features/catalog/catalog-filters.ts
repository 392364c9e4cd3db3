import type { CatalogQuery } from '@questa/contracts';
import {
  CATALOG_LIMITS,
  catalogAccesses,
  catalogSorts,
  type CatalogAccess,
  type CatalogSort,
} from '@questa/contracts/rules/catalog';
import { QUESTION_LIMITS } from '@questa/contracts/rules/questions';

/** What a learner narrows the catalog by; the page size stays the server's. */
export type CatalogFilters = Pick<
  CatalogQuery,
  'q' | 'language' | 'tag' | 'access' | 'minQuestions' | 'sort' | 'page'
>;

/** The sizes offered as "at least this many questions". */
export const minQuestionChoices = [10, 25, 50, 100] as const;

const names = ['q', 'language', 'tag', 'access', 'minQuestions', 'sort', 'page'] as const;
const languagePattern = /^[a-z]{2,3}(-[A-Z]{2})?$/;

const isAccess = (value: string | null): value is CatalogAccess =>
  (catalogAccesses as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is CatalogSort =>
  (catalogSorts as readonly (string | null)[]).includes(value);
const wholeIn = (value: string | null, min: number, max: number) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
};

/**
 * The filters in the address. A value the server would refuse (an edited or stale link) is left
 * out rather than shown as an error: the reader gets the widest list instead of a dead end.
 */
export function readCatalogFilters(params: URLSearchParams): CatalogFilters {
  const q = params.get('q')?.trim().slice(0, CATALOG_LIMITS.searchMax);
  const language = params.get('language');
  const tag = params.get('tag')?.trim().slice(0, QUESTION_LIMITS.tagMax);
  const access = params.get('access');
  const sort = params.get('sort');
  return {
    q: q || undefined,
    language: language && languagePattern.test(language) ? language : undefined,
    tag: tag || undefined,
    access: isAccess(access) ? access : undefined,
    minQuestions: wholeIn(params.get('minQuestions'), 1, CATALOG_LIMITS.minQuestionsMax),
    sort: isSort(sort) ? sort : catalogSorts[0],
    page: wholeIn(params.get('page'), 1, CATALOG_LIMITS.pageMax) ?? 1,
  };
}

/** The filters as query parameters, leaving out defaults so a plain catalog has a plain address. */
export function catalogSearch(filters: CatalogFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of names) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    if (name === 'sort' && value === catalogSorts[0]) continue;
    if (name === 'page' && value === 1) continue;
    search.set(name, String(value));
  }
  return search;
}

/** A change that clears the search and every filter, keeping the sort. */
export const noFilters: Partial<CatalogFilters> = {
  q: undefined,
  language: undefined,
  tag: undefined,
  access: undefined,
  minQuestions: undefined,
  page: 1,
};

/** Whether anything narrows the list: an empty result then says what to change. */
export const isNarrowed = (filters: CatalogFilters) =>
  filters.q !== undefined ||
  filters.language !== undefined ||
  filters.tag !== undefined ||
  filters.access !== undefined ||
  filters.minQuestions !== undefined;
