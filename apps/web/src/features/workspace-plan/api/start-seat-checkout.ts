import type { WorkspaceCheckout, WorkspaceCheckoutCreate } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Opens (or rejoins) the workspace's checkout of N seats at the partner's hosted page. */
export function startSeatCheckout(
  clientId: string,
  input: WorkspaceCheckoutCreate,
): Promise<WorkspaceCheckout> {
  return apiRequest<WorkspaceCheckout>(
    `/workspaces/${encodeURIComponent(clientId)}/plan/checkout`,
    { method: 'POST', body: input },
  );
}
