import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { practicePath } from './get-practice-session';

/** Marks a practice item's question for later, or takes the mark off. */
export function setBookmark(sessionId: string, itemId: string, bookmarked: boolean): Promise<void> {
  return apiRequest<void>(
    `${practicePath(sessionId)}/items/${encodeURIComponent(itemId)}/bookmark`,
    {
      method: 'PUT',
      body: { bookmarked },
    },
  );
}

export function useSetBookmark() {
  return useMutation(setBookmark);
}
