import type { PracticeStart, PracticeState } from '@questa/contracts';
import { apiRequest, toApiError } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refreshAllowance } from './get-allowance';
import { showPracticeState } from './get-practice-session';

/** Opens a practice session on a bank; the server draws its first question at once. */
export async function startPractice(start: PracticeStart): Promise<PracticeState> {
  try {
    const state = await apiRequest<PracticeState>('/practice/sessions', {
      method: 'POST',
      body: start,
    });
    showPracticeState(state);
    return state;
  } catch (error) {
    // Answers given elsewhere (another tab, a phone) spent the allowance: the page learns it now.
    if (toApiError(error).code === 'quota.exceeded') void refreshAllowance();
    throw error;
  }
}

export function useStartPractice() {
  return useMutation(startPractice);
}
