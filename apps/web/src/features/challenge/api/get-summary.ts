import type { ChallengeSummary } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { challengePath } from './get-challenge';

/** Points, right answers, the gradebook's score and the place among the class's attempts. */
export function getChallengeSummary(challengeId: string): Promise<ChallengeSummary> {
  return apiGet<ChallengeSummary>(`${challengePath(challengeId)}/summary`);
}

export function useChallengeSummary(challengeId: string) {
  return useQuery(`challenges/${challengeId}/summary`, () => getChallengeSummary(challengeId));
}
