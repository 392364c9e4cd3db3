import type { tenantList } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export type TenantList = Parsed<typeof tenantList>;

export const tenantsQueryKey = 'admin/tenants';

export function listTenants(): Promise<TenantList> {
  return apiGet<TenantList>('/admin/tenants');
}

export function useTenants() {
  return useQuery(tenantsQueryKey, listTenants);
}
