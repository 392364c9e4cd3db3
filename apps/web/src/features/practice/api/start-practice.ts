import type { PracticeStart, PracticeState } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { showPracticeState } from './get-practice-session';

/** Opens a practice session on a bank; the server draws its first question at once. */
export async function startPractice(start: PracticeStart): Promise<PracticeState> {
  const state = await apiRequest<PracticeState>('/practice/sessions', {
    method: 'POST',
    body: start,
  });
  showPracticeState(state);
  return state;
}

export function useStartPractice() {
  return useMutation(startPractice);
}
