import type { AnswerInput, GradedAnswer } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { reviewQueueKey } from './get-review-queue';

/** The progress page's cache key: every answer changes its totals and today's column. */
const progressKey = 'progress';

export function answerReviewCard(cardId: string, answer: AnswerInput): Promise<GradedAnswer> {
  return apiRequest<GradedAnswer>(`/review/cards/${encodeURIComponent(cardId)}/answer`, {
    method: 'POST',
    body: { answer },
  });
}

async function answerAndRefetch(cardId: string, answer: AnswerInput) {
  const graded = await answerReviewCard(cardId, answer);
  // The counts change with every answer; the cards already on screen keep their order.
  await Promise.all([invalidateQueries(reviewQueueKey), invalidateQueries(progressKey)]);
  return graded;
}

export function useAnswerReviewCard() {
  return useMutation(answerAndRefetch);
}
