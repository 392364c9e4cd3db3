import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';

export async function leaveWorkspace(clientId: string): Promise<void> {
  await apiRequest<void>(`/workspaces/${encodeURIComponent(clientId)}/leave`, { method: 'POST' });
  await invalidateQueries(sessionQueryKey);
}

export function useLeaveWorkspace() {
  return useMutation(leaveWorkspace);
}
