import type { Tenant } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { auditQueryKey } from './list-audit-events';
import { tenantsQueryKey } from './list-tenants';

/** Calls off a workspace's scheduled deletion. */
export async function keepTenant(clientId: string): Promise<Tenant> {
  const kept = await apiRequest<Tenant>(`/admin/tenants/${encodeURIComponent(clientId)}/deletion`, {
    method: 'DELETE',
  });
  await Promise.all([invalidateQueries(tenantsQueryKey), invalidateQueries(auditQueryKey)]);
  return kept;
}

export function useKeepTenant() {
  return useMutation(keepTenant);
}
