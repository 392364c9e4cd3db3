import type { AnswerInput, PracticeAnswerResult, PracticeState } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { progressQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { showAllowance } from './get-allowance';
import { practicePath, showPracticeState } from './get-practice-session';

/** Grades an answer. Answering the same item again returns the stored result. */
export function submitAnswer(
  sessionId: string,
  itemId: string,
  answer: AnswerInput,
): Promise<PracticeAnswerResult> {
  return apiRequest<PracticeAnswerResult>(
    `${practicePath(sessionId)}/items/${encodeURIComponent(itemId)}/answer`,
    { method: 'POST', body: { answer } },
  );
}

async function submitAndShow(state: PracticeState, answer: AnswerInput) {
  const item = state.item;
  if (!item) throw new Error('There is no question to answer.');
  const result = await submitAnswer(state.session.id, item.id, answer);
  showPracticeState({ ...state, session: result.session, item: result.item });
  showAllowance(result.session.allowance);
  void invalidateQueries(progressQueryKey);
  return result;
}

export function useSubmitAnswer() {
  return useMutation(submitAndShow);
}
