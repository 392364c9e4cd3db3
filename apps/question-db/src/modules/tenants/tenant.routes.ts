import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantList } from '@questa/contracts';
import type { TenantService } from './tenant.service';

export const tenantRoutes: FastifyPluginAsyncZod<{ tenants: TenantService }> = async (
  app,
  { tenants },
) => {
  app.get(
    '/clients',
    {
      config: { permission: 'tenant:list' },
      schema: {
        summary: 'Every tenant of the question database',
        tags: ['tenants'],
        response: { 200: tenantList },
      },
    },
    () => tenants.list(),
  );
};
