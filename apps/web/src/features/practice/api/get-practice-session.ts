import type { PracticeState } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { prefetchQuery, setQueryData, useQuery } from '../../../lib/use-query';

export const practiceSessionQueryKey = (sessionId: string) => `practice/sessions/${sessionId}`;

export const practicePath = (sessionId: string) =>
  `/practice/sessions/${encodeURIComponent(sessionId)}`;

/** The session with the item on screen: the newest one, answered or not. */
export function getPracticeSession(sessionId: string): Promise<PracticeState> {
  return apiGet<PracticeState>(practicePath(sessionId));
}

export function usePracticeSession(sessionId: string) {
  return useQuery(practiceSessionQueryKey(sessionId), () => getPracticeSession(sessionId));
}

/** Asks for the session as soon as its address is known, while the page's code still loads. */
export function prefetchPracticeSession(sessionId: string): void {
  prefetchQuery(practiceSessionQueryKey(sessionId), () => getPracticeSession(sessionId));
}

/** Shows a state the server sent back after a change, without asking for it again. */
export function showPracticeState(state: PracticeState): void {
  setQueryData(practiceSessionQueryKey(state.session.id), state);
}
