import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParams, workspaceLimitsUpdate, workspaceUsage } from '@questa/contracts';
import { requireSession } from '../auth/guards';
import type { LimitService } from './limit.service';

export const limitRoutes: FastifyPluginAsyncZod<{ limits: LimitService }> = async (
  app,
  { limits },
) => {
  // Every member may read them: whoever meets a limit is told what it is and how to raise it.
  app.get(
    '/clients/:clientId/limits',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'A workspace’s limits and how much of each it uses',
        tags: ['tenants'],
        params: clientParams,
        response: { 200: workspaceUsage },
      },
    },
    (request) => limits.usage(request.params.clientId),
  );

  app.put(
    '/clients/:clientId/limits',
    {
      config: { permission: 'tenant:administer' },
      schema: {
        summary: 'Raise a workspace’s limits above the free ones (platform admins)',
        description:
          'A kind set to null goes back to the free limit; one left out keeps its value.',
        tags: ['tenants'],
        params: clientParams,
        body: workspaceLimitsUpdate,
        response: { 200: workspaceUsage },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const saved = await limits.raise(clientId, request.body);
      request.log.info(
        {
          audit: 'workspace.limits_raised',
          actor: requireSession(request, reply).sub,
          clientId,
          limits: request.body,
        },
        'workspace limits changed',
      );
      return saved;
    },
  );
};
