import type { PracticeState, PracticeSummary } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { setQueryData } from '../../../lib/use-query';
import { practicePath, showPracticeState } from './get-practice-session';
import { practiceSummaryQueryKey } from './get-practice-summary';

/**
 * Closes the session on the server, so a reload or another tab shows the summary instead of a
 * question that can no longer be answered. Finishing twice returns the same summary.
 */
export function finishPractice(sessionId: string): Promise<PracticeSummary> {
  return apiRequest<PracticeSummary>(`${practicePath(sessionId)}/finish`, { method: 'POST' });
}

async function finishAndShow(state: PracticeState) {
  const summary = await finishPractice(state.session.id);
  setQueryData(practiceSummaryQueryKey(state.session.id), summary);
  showPracticeState({ ...state, session: summary.session });
  return summary;
}

export function useFinishPractice() {
  return useMutation(finishAndShow);
}
