import type { Workspace } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';

/** Calls off the workspace's scheduled deletion. */
export async function keepWorkspace(clientId: string): Promise<Workspace> {
  const kept = await apiRequest<Workspace>(`/workspaces/${encodeURIComponent(clientId)}/deletion`, {
    method: 'DELETE',
  });
  await invalidateQueries(sessionQueryKey);
  return kept;
}

export function useKeepWorkspace() {
  return useMutation(keepWorkspace);
}
