import type { ChallengeState } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { todoQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { challengePath, showChallenge } from './get-challenge';

/**
 * Serves the next question and starts its timer on the server; after the last one, finishes the
 * attempt. While a question is open the server gives it back unchanged.
 */
export async function nextQuestion(challengeId: string): Promise<ChallengeState> {
  const state = await apiRequest<ChallengeState>(`${challengePath(challengeId)}/next`, {
    method: 'POST',
  });
  showChallenge(state);
  if (state.finishedAt !== null) void invalidateQueries(todoQueryKey);
  return state;
}

export function useNextQuestion() {
  return useMutation(nextQuestion);
}
