import type { ProgressReport } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { progressQueryKey } from '../../../lib/query-keys';
import { useQuery } from '../../../lib/use-query';

export function getProgress(): Promise<ProgressReport> {
  return apiGet<ProgressReport>('/progress');
}

export function useProgress() {
  return useQuery(progressQueryKey, getProgress);
}
