import type { Workspace } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';

export async function renameWorkspace(clientId: string, name: string): Promise<Workspace> {
  const renamed = await apiRequest<Workspace>(`/workspaces/${encodeURIComponent(clientId)}`, {
    method: 'PATCH',
    body: { name },
  });
  await invalidateQueries(sessionQueryKey);
  return renamed;
}

export function useRenameWorkspace() {
  return useMutation(renameWorkspace);
}
