import type { PracticeAnswerResult, PracticeState, SelfRating } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { progressQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { practicePath, showPracticeState } from './get-practice-session';

/** The learner's own rating of an answered essay; rating it again returns the stored result. */
export function rateEssay(
  sessionId: string,
  itemId: string,
  rating: SelfRating,
): Promise<PracticeAnswerResult> {
  return apiRequest<PracticeAnswerResult>(
    `${practicePath(sessionId)}/items/${encodeURIComponent(itemId)}/rating`,
    { method: 'POST', body: { rating } },
  );
}

async function rateAndShow(state: PracticeState, rating: SelfRating) {
  const item = state.item;
  if (!item) throw new Error('There is no essay to rate.');
  const result = await rateEssay(state.session.id, item.id, rating);
  showPracticeState({ ...state, session: result.session, item: result.item });
  void invalidateQueries(progressQueryKey);
  return result;
}

export function useRateEssay() {
  return useMutation(rateAndShow);
}
