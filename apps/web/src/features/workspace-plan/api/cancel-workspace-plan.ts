import type { WorkspacePlan } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Ends the paid plan at the period's end (true), or keeps it renewing (false). */
export function cancelWorkspacePlan(
  clientId: string,
  cancelAtPeriodEnd: boolean,
): Promise<WorkspacePlan> {
  return apiRequest<WorkspacePlan>(`/workspaces/${encodeURIComponent(clientId)}/plan/cancel`, {
    method: 'PUT',
    body: { cancelAtPeriodEnd },
  });
}
