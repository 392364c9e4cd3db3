import type { z } from 'zod';
import type { tenantList } from '@questa/contracts';
import type { TenantRepository } from './tenant.repository';

export function createTenantService(deps: { tenants: Pick<TenantRepository, 'list'> }) {
  return {
    async list(): Promise<z.infer<typeof tenantList>> {
      return { tenants: await deps.tenants.list() };
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
