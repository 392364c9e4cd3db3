import type { PracticeSummary } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { practicePath, practiceSessionQueryKey } from './get-practice-session';

/** What a session came to: answered and right by topic, and when each question comes back. */
export function getPracticeSummary(sessionId: string): Promise<PracticeSummary> {
  return apiGet<PracticeSummary>(`${practicePath(sessionId)}/summary`);
}

// Under the session's key, so whatever refreshes the session refreshes its summary too.
export const practiceSummaryQueryKey = (sessionId: string) =>
  `${practiceSessionQueryKey(sessionId)}/summary`;

export function usePracticeSummary(sessionId: string) {
  return useQuery(practiceSummaryQueryKey(sessionId), () => getPracticeSummary(sessionId));
}
