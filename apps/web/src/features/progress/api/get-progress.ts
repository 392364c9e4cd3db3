import type { ProgressReport } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** Answering anywhere (practice, reviews) makes this out of date; those features refresh it. */
export const progressKey = 'progress';

export function getProgress(): Promise<ProgressReport> {
  return apiGet<ProgressReport>('/progress');
}

export function useProgress() {
  return useQuery(progressKey, getProgress);
}
