import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { sessionsQueryKey } from './list-sessions';

/** Signs out one of the user's other sessions. */
export function revokeSession(sessionId: string): Promise<void> {
  return apiRequest<void>(`/account/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
  });
}

async function revokeAndRefetch(sessionId: string) {
  await revokeSession(sessionId);
  await invalidateQueries(sessionsQueryKey);
}

export function useRevokeSession() {
  return useMutation(revokeAndRefetch);
}
