import type { ListObject } from '../model/objects';
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
