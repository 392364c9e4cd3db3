import { apiRequest } from '../../../lib/api-client';
import { bookmarksQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';

/** Takes a question off the bookmarks; its review card stays. */
export async function removeBookmark(questionId: string): Promise<void> {
  await apiRequest<void>(`/bookmarks/${encodeURIComponent(questionId)}`, { method: 'DELETE' });
  await invalidateQueries(bookmarksQueryKey);
}

export function useRemoveBookmark() {
  return useMutation(removeBookmark);
}
