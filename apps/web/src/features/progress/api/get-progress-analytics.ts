import type { ProgressAnalytics } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { progressQueryKey } from '../../../lib/query-keys';
import { useQuery } from '../../../lib/use-query';

/** Premium's detailed analytics; under the progress key, so a new answer refreshes them too. */
export const progressAnalyticsQueryKey = `${progressQueryKey}/analytics`;

export function getProgressAnalytics(): Promise<ProgressAnalytics> {
  return apiGet<ProgressAnalytics>('/progress/analytics');
}

export function useProgressAnalytics() {
  return useQuery(progressAnalyticsQueryKey, getProgressAnalytics);
}
