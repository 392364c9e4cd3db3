import { apiRequest } from '../../../lib/api-client';
import { bookmarksQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { practicePath } from './get-practice-session';

/** Marks a practice item's question for later, or takes the mark off. */
export async function setBookmark(
  sessionId: string,
  itemId: string,
  bookmarked: boolean,
): Promise<void> {
  await apiRequest<void>(
    `${practicePath(sessionId)}/items/${encodeURIComponent(itemId)}/bookmark`,
    {
      method: 'PUT',
      body: { bookmarked },
    },
  );
  void invalidateQueries(bookmarksQueryKey);
}

export function useSetBookmark() {
  return useMutation(setBookmark);
}
