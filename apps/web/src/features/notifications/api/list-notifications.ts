import type { NotificationList } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { notificationsKey } from './keys';

export function listNotifications(): Promise<NotificationList> {
  return apiRequest<NotificationList>('/notifications');
}

export function useNotifications() {
  return useQuery(`${notificationsKey}/list`, listNotifications);
}
