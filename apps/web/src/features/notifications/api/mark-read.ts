import { apiRequest } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/use-query';
import type { Unread } from './get-unread';
import { unreadKey } from './keys';

/** Marks every notification read, and gives the bell its new count at once. */
export async function markAllRead(): Promise<Unread> {
  const unread = await apiRequest<Unread>('/notifications/read', {
    method: 'POST',
    body: { all: true },
  });
  setQueryData(unreadKey, unread);
  return unread;
}
