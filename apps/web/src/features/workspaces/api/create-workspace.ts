import type { Workspace, WorkspaceInput } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { rememberWorkspace } from '../../../lib/current-workspace';
import { sessionQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';

export async function createWorkspace(input: WorkspaceInput): Promise<Workspace> {
  const created = await apiRequest<Workspace>('/workspaces', { method: 'POST', body: input });
  // A new workspace is where its owner goes next.
  rememberWorkspace(created.id);
  await invalidateQueries(sessionQueryKey);
  return created;
}

export function useCreateWorkspace() {
  return useMutation(createWorkspace);
}
