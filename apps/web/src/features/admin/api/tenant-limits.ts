import type { WorkspaceLimitsUpdate, WorkspaceUsage } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries, useQuery } from '../../../lib/use-query';
import { auditQueryKey } from './list-audit-events';

export const tenantLimitsKey = (clientId: string) => `admin/tenants/${clientId}/limits`;

/** A workspace's limits, read from the question database as the admin. */
export function getTenantLimits(clientId: string): Promise<WorkspaceUsage> {
  return apiRequest<WorkspaceUsage>(`/${encodeURIComponent(clientId)}/limits`, {
    base: config.questionDbBase,
  });
}

export function useTenantLimits(clientId: string) {
  return useQuery(tenantLimitsKey(clientId), () => getTenantLimits(clientId));
}

/** Overrides limits through the main API, which audits the change. */
export async function overrideTenantLimits(
  clientId: string,
  update: WorkspaceLimitsUpdate,
): Promise<WorkspaceUsage> {
  const saved = await apiRequest<WorkspaceUsage>(
    `/admin/tenants/${encodeURIComponent(clientId)}/limits`,
    { method: 'PUT', body: update },
  );
  await Promise.all([
    invalidateQueries(tenantLimitsKey(clientId)),
    invalidateQueries(auditQueryKey),
  ]);
  return saved;
}

export function useOverrideTenantLimits() {
  return useMutation(overrideTenantLimits);
}
