import type { notificationUnread } from '@questa/contracts';
import { apiRequest, type Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { unreadKey } from './keys';

export type Unread = Parsed<typeof notificationUnread>;

export function getUnread(): Promise<Unread> {
  return apiRequest<Unread>('/notifications/unread');
}

export function useUnread() {
  return useQuery(unreadKey, getUnread);
}
