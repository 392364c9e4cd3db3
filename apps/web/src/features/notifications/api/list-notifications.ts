import type { NotificationList } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { notificationsKey } from './keys';

/** The newest page, or the page after the notification `before`. */
export function listNotifications(before?: string): Promise<NotificationList> {
  return apiRequest<NotificationList>(
    before ? `/notifications?before=${encodeURIComponent(before)}` : '/notifications',
  );
}

export function useNotifications() {
  return useQuery(`${notificationsKey}/list`, () => listNotifications());
}
