import type { PracticeState } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { practicePath, showPracticeState } from './get-practice-session';

/**
 * Draws the next question. The server hands back the newest one while it is unanswered, and says
 * `exhausted` when nothing is left to draw.
 */
export async function nextPracticeItem(sessionId: string): Promise<PracticeState> {
  const state = await apiRequest<PracticeState>(`${practicePath(sessionId)}/next`, {
    method: 'POST',
  });
  showPracticeState(state);
  return state;
}

export function useNextPracticeItem() {
  return useMutation(nextPracticeItem);
}
