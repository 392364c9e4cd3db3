import type { GradedAnswer, SelfRating } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { progressQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { reviewQueueKey } from './get-review-queue';

/** The learner's rating of their essay on a review card, which reschedules the card. */
export function rateReviewCard(cardId: string, rating: SelfRating): Promise<GradedAnswer> {
  return apiRequest<GradedAnswer>(`/review/cards/${encodeURIComponent(cardId)}/rating`, {
    method: 'POST',
    body: { rating },
  });
}

async function rateAndRefetch(cardId: string, rating: SelfRating) {
  const graded = await rateReviewCard(cardId, rating);
  await Promise.all([invalidateQueries(reviewQueueKey), invalidateQueries(progressQueryKey)]);
  return graded;
}

export function useRateReviewCard() {
  return useMutation(rateAndRefetch);
}
