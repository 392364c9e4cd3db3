import type { Tenant } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { auditQueryKey } from './list-audit-events';
import { tenantsQueryKey } from './list-tenants';

/** Suspends a workspace, or restores it with `suspended: false`. */
export async function setTenantSuspended(clientId: string, suspended: boolean): Promise<Tenant> {
  const changed = await apiRequest<Tenant>(
    `/admin/tenants/${encodeURIComponent(clientId)}/suspension`,
    { method: suspended ? 'PUT' : 'DELETE' },
  );
  await Promise.all([invalidateQueries(tenantsQueryKey), invalidateQueries(auditQueryKey)]);
  return changed;
}

export function useSetTenantSuspended() {
  return useMutation(setTenantSuspended);
}
