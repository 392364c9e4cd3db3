import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientParams,
  workspaceLimitsUpdate,
  workspacePlanLimits,
  workspaceUsage,
} from '@questa/contracts';
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
        summary: 'Override a workspace’s limits (platform admins)',
        description:
          'An override comes before what the paid plan gives. A kind set to null goes back to the plan’s or the free limit; one left out keeps its value.',
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

  // Only the main API's billing knows what was paid for, so only it, as a service, sets this.
  app.put(
    '/clients/:clientId/plan-limits',
    {
      config: { permission: 'tenant:set_plan_limits' },
      schema: {
        summary: 'Set the limits the workspace’s paid plan gives (the main API only)',
        description:
          'Sent by Questa’s main API when a workspace’s plan starts, its seats change or it ends (`limits: null`). A revision not above the last one applied changes nothing. Members beyond a lowered limit stay; new ones are refused until there is room.',
        tags: ['tenants'],
        params: clientParams,
        body: workspacePlanLimits,
        response: { 200: workspaceUsage },
      },
    },
    async (request) => {
      const { clientId } = request.params;
      const saved = await limits.setPlanLimits(clientId, request.body);
      request.log.info(
        {
          audit: 'workspace.plan_limits_set',
          actor: request.principal?.sub,
          clientId,
          ...request.body,
        },
        'workspace plan limits set',
      );
      return saved;
    },
  );
};
