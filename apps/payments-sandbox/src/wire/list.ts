import type { ListObject } from '../model/objects';
import { invalidRequest } from './errors';
import type { Params } from './params';

export interface PageParams {
  limit: number;
  startingAfter: string | undefined;
  endingBefore: string | undefined;
}

/** Reads `limit` (1–100, 10 by default), `starting_after` and `ending_before`. */
export function readPage(params: Params): PageParams {
  return {
    limit: params.int('limit', { min: 1, max: 100 }) ?? 10,
    startingAfter: params.string('starting_after') || undefined,
    endingBefore: params.string('ending_before') || undefined,
  };
}

export const listObject = <T>(
  url: string,
  page: { data: T[]; hasMore: boolean },
): ListObject<T> => ({ object: 'list', data: page.data, has_more: page.hasMore, url });

/** Stripe's search results: pages follow one another by an opaque `page` token. */
export interface SearchResult<T> {
  object: 'search_result';
  data: T[];
  has_more: boolean;
  next_page: string | null;
  url: string;
}

/** A search page's token holds where the previous page ended; it means nothing to the caller. */
export const searchPageToken = (seq: number) => Buffer.from(`seq:${seq}`).toString('base64url');

/** Reads `limit` (1–100, 10 by default) and `page` (a token from a previous page's `next_page`). */
export function readSearchPage(params: Params): { limit: number; after: number | undefined } {
  const limit = params.int('limit', { min: 1, max: 100 }) ?? 10;
  const token = params.string('page');
  if (!token) return { limit, after: undefined };
  const seq = /^seq:(\d{1,18})$/.exec(Buffer.from(token, 'base64url').toString('utf8'))?.[1];
  if (!seq)
    throw invalidRequest(`Invalid page: '${token}' is not a page this search gave.`, {
      param: 'page',
    });
  return { limit, after: Number(seq) };
}
