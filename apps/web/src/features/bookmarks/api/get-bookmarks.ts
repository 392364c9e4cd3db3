import type { Bookmark } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { bookmarksQueryKey } from '../../../lib/query-keys';
import { useQuery } from '../../../lib/use-query';

/** The learner's bookmarked questions, newest first. */
export async function getBookmarks(): Promise<Bookmark[]> {
  return (await apiGet<{ bookmarks: Bookmark[] }>('/bookmarks')).bookmarks;
}

export function useBookmarks() {
  return useQuery(bookmarksQueryKey, getBookmarks);
}
