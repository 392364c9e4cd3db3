import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { clientParams, workspace, workspaceDeletionRequest } from '@questa/contracts';
import type { WorkspaceDeletionService } from './workspace-deletion.service';

const actor = (request: FastifyRequest) => ({
  context: request.auth!,
  ip: request.ip,
  requestId: request.id,
});

const kept = {
  tags: ['workspaces'],
  params: clientParams,
  response: { 200: workspace },
};

export const workspaceDeletionRoutes: FastifyPluginAsyncZod<{
  deletions: WorkspaceDeletionService;
}> = async (app, { deletions }) => {
  app.post(
    '/workspaces/:clientId/deletion',
    {
      config: { permission: 'tenant:delete' },
      schema: {
        summary: 'Schedule the workspace’s deletion',
        description:
          'Its banks, questions, media, classes, assignments, results, invitations and API keys are erased when `deletionDueAt` comes, fourteen days on. Meanwhile its members read and export everything, changes answer `workspace.deletion_scheduled`, and an owner keeps it with `DELETE`. Refused with `workspace.plan_renews` while a paid plan renews. Asking again keeps the first date.',
        tags: ['workspaces'],
        params: clientParams,
        body: workspaceDeletionRequest,
        response: { 200: workspace },
      },
    },
    (request) => deletions.schedule(actor(request), request.params.clientId, request.body.confirm),
  );

  app.delete(
    '/workspaces/:clientId/deletion',
    {
      config: { permission: 'tenant:delete' },
      schema: { summary: 'Keep a workspace scheduled for deletion', ...kept },
    },
    (request) => deletions.keep(actor(request), request.params.clientId),
  );

  app.delete(
    '/admin/tenants/:clientId/deletion',
    {
      config: { permission: 'tenant:administer' },
      schema: {
        summary: 'Keep a workspace its owner scheduled for deletion (platform admins)',
        ...kept,
        tags: ['admin'],
      },
    },
    (request) => deletions.keep(actor(request), request.params.clientId),
  );
};
