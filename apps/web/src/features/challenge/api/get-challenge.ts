import type { ChallengeState } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { prefetchQuery, setQueryData, useQuery } from '../../../lib/use-query';

export const challengeQueryKey = (challengeId: string) => `challenges/${challengeId}`;

export const challengePath = (challengeId: string) =>
  `/challenges/${encodeURIComponent(challengeId)}`;

/** The attempt with the question being played and the time the server says is left. */
export function getChallenge(challengeId: string): Promise<ChallengeState> {
  return apiGet<ChallengeState>(challengePath(challengeId));
}

export function useChallenge(challengeId: string) {
  return useQuery(challengeQueryKey(challengeId), () => getChallenge(challengeId));
}

/** Asks for the attempt as soon as its address is known, while the page's code still loads. */
export function prefetchChallenge(challengeId: string): void {
  prefetchQuery(challengeQueryKey(challengeId), () => getChallenge(challengeId));
}

/** Shows a state the server sent back after a change, without asking for it again. */
export function showChallenge(state: ChallengeState): void {
  setQueryData(challengeQueryKey(state.id), state);
}
