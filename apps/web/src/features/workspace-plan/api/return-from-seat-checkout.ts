import type { WorkspacePlan } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Has the checkout just paid applied at once, rather than waiting for the partner's webhooks. */
export function returnFromSeatCheckout(
  clientId: string,
  sessionId: string,
): Promise<WorkspacePlan> {
  return apiRequest<WorkspacePlan>(
    `/workspaces/${encodeURIComponent(clientId)}/plan/checkout/return`,
    { method: 'POST', body: { sessionId } },
  );
}
