import type { tenantList } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export type TenantList = Parsed<typeof tenantList>;

export const tenantsQueryKey = 'admin/tenants';

/** Every workspace, or those whose name or address contains `q`. */
export function listTenants(q = ''): Promise<TenantList> {
  return apiGet<TenantList>(`/admin/tenants${q ? `?${new URLSearchParams({ q })}` : ''}`);
}

export function useTenants(q = '') {
  // Nested under the list's key, so a change to one workspace refreshes every search.
  return useQuery(`${tenantsQueryKey}/list?q=${q}`, () => listTenants(q));
}
