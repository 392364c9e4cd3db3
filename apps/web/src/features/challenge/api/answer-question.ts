import type { AnswerInput, ChallengeState } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { progressQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { challengePath, getChallenge, showChallenge } from './get-challenge';

/**
 * Answers the question being played; the server scores it by its own clock. When the timer ran
 * out first, the refusal comes back and the attempt is read again to show the question closed.
 */
export async function answerQuestion(
  challengeId: string,
  itemId: string,
  answer: AnswerInput,
): Promise<ChallengeState> {
  try {
    const state = await apiRequest<ChallengeState>(
      `${challengePath(challengeId)}/items/${encodeURIComponent(itemId)}/answer`,
      { method: 'POST', body: { answer } },
    );
    showChallenge(state);
    void invalidateQueries(progressQueryKey);
    return state;
  } catch (error) {
    showChallenge(await getChallenge(challengeId).catch(() => Promise.reject(error)));
    throw error;
  }
}

export function useAnswerQuestion() {
  return useMutation(answerQuestion);
}
