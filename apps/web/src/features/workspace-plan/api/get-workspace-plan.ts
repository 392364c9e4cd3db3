import type { WorkspacePlan } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const workspacePlanQueryKey = (clientId: string) => `workspaces/${clientId}/plan`;

/** The workspace's plan: free or paid, seats paid and used, seat prices on sale. */
export function getWorkspacePlan(clientId: string): Promise<WorkspacePlan> {
  return apiGet<WorkspacePlan>(`/workspaces/${encodeURIComponent(clientId)}/plan`);
}

export function useWorkspacePlan(clientId: string) {
  return useQuery(workspacePlanQueryKey(clientId), () => getWorkspacePlan(clientId));
}
