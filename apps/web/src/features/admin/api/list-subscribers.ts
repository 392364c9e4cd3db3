import type { SubscriberList, SubscriptionStatus } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { subscribersQueryKey } from './billing-keys';

export interface SubscriberFilter {
  status?: SubscriptionStatus | undefined;
  /** Part of a learner's email or name. */
  q?: string | undefined;
}

const pageSize = 25;

export function listSubscribers(filter: SubscriberFilter, cursor?: string) {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (filter.status) query.set('status', filter.status);
  if (filter.q) query.set('q', filter.q);
  if (cursor) query.set('cursor', cursor);
  return apiGet<SubscriberList>(`/admin/billing/subscribers?${query}`);
}

/** Subscribers matching `filter`, newest first, a page at a time. */
export function useSubscribers(filter: SubscriberFilter) {
  const key = `${subscribersQueryKey}/${filter.status ?? 'all'}/${encodeURIComponent(filter.q ?? '')}`;
  return usePagedQuery(key, (cursor?: string) => listSubscribers(filter, cursor));
}
