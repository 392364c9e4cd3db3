import type { ReviewQueue } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const reviewQueueKey = 'review/queue';

export function getReviewQueue(): Promise<ReviewQueue> {
  return apiGet<ReviewQueue>('/review/queue');
}

export function useReviewQueue() {
  return useQuery(reviewQueueKey, getReviewQueue);
}
