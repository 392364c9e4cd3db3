import type { AnswerInput, GradedAnswer } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { progressQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { reviewQueueKey } from './get-review-queue';

export function answerReviewCard(cardId: string, answer: AnswerInput): Promise<GradedAnswer> {
  return apiRequest<GradedAnswer>(`/review/cards/${encodeURIComponent(cardId)}/answer`, {
    method: 'POST',
    body: { answer },
  });
}

async function answerAndRefetch(cardId: string, answer: AnswerInput) {
  const graded = await answerReviewCard(cardId, answer);
  // The counts change with every answer; the cards already on screen keep their order.
  await Promise.all([invalidateQueries(reviewQueueKey), invalidateQueries(progressQueryKey)]);
  return graded;
}

export function useAnswerReviewCard() {
  return useMutation(answerAndRefetch);
}
