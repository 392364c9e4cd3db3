import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientParams,
  slugCheck,
  slugCheckQuery,
  tenantList,
  tenantListQuery,
  workspace,
  workspaceDeletionSchedule,
  workspaceInput,
  workspaceRename,
} from '@questa/contracts';
import { requireUser } from '../auth/guards';
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
        summary: 'Every tenant of the question database, or those matching a search',
        tags: ['tenants'],
        querystring: tenantListQuery,
        response: { 200: tenantList },
      },
    },
    (request) => tenants.list(request.query.q),
  );

  for (const [method, suspended] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/clients/:clientId/suspension',
      config: { permission: 'tenant:administer' },
      schema: {
        summary: suspended
          ? 'Suspend a workspace (platform admins)'
          : 'Restore a suspended workspace (platform admins)',
        description: suspended
          ? 'Its routes answer `workspace.suspended` (423) to everyone but platform admins; nothing is deleted.'
          : 'Its members and API keys reach it again as before.',
        tags: ['tenants'],
        params: clientParams,
        response: { 200: workspace },
      },
      handler: async (request, reply) => {
        const changed = await tenants.setSuspended(request.params.clientId, suspended);
        request.log.info(
          {
            audit: suspended ? 'workspace.suspended' : 'workspace.restored',
            actor: requireUser(request, reply).sub,
            clientId: changed.id,
          },
          suspended ? 'workspace suspended' : 'workspace restored',
        );
        return changed;
      },
    });
  }

  // The main API decides who may delete a workspace and when, and calls these in its own name
  // (decision 0034); the date is its clock's, shown here to the workspace's members.
  app.put(
    '/clients/:clientId/deletion',
    {
      config: { permission: 'tenant:erase' },
      schema: {
        summary: 'Schedule a workspace’s deletion (the main API only)',
        description:
          'Until it is erased or kept, its changes answer `workspace.deletion_scheduled` (423); reading still works.',
        tags: ['tenants'],
        params: clientParams,
        body: workspaceDeletionSchedule,
        response: { 200: workspace },
      },
    },
    (request) => tenants.setDeletionDue(request.params.clientId, request.body.dueAt),
  );

  app.delete(
    '/clients/:clientId/deletion',
    {
      config: { permission: 'tenant:erase' },
      schema: {
        summary: 'Keep a workspace scheduled for deletion (the main API only)',
        tags: ['tenants'],
        params: clientParams,
        response: { 200: workspace },
      },
    },
    (request) => tenants.setDeletionDue(request.params.clientId, null),
  );

  app.delete(
    '/clients/:clientId',
    {
      config: { permission: 'tenant:erase' },
      schema: {
        summary: 'Erase a workspace scheduled for deletion (the main API only)',
        description:
          'Its members, invitations, API keys, banks, questions and media go; one already erased counts as done.',
        tags: ['tenants'],
        params: clientParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await tenants.erase(request.params.clientId);
      request.log.info(
        { audit: 'workspace.deleted', clientId: request.params.clientId },
        'workspace erased',
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/clients',
    {
      config: { permission: 'tenant:create' },
      schema: {
        summary: 'Create a workspace; the caller becomes its owner',
        description: 'Refused with `workspace.slug_taken` when another workspace has the address.',
        tags: ['tenants'],
        body: workspaceInput,
        response: { 201: workspace },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request, reply).sub;
      const created = await tenants.create(request.body, owner);
      request.log.info(
        { audit: 'workspace.created', actor: owner, clientId: created.id, slug: created.slug },
        'workspace created',
      );
      return reply.code(201).send(created);
    },
  );

  // Static, so it is matched before `/clients/:clientId`; it tells only whether an address is
  // free, which creating a workspace with it would tell anyway.
  app.get(
    '/clients/slug-check',
    {
      config: { permission: 'tenant:create' },
      schema: {
        summary: 'Whether a workspace address is free, with a free one close to it',
        tags: ['tenants'],
        querystring: slugCheckQuery,
        response: { 200: slugCheck },
      },
    },
    (request) => tenants.checkSlug(request.query.slug),
  );

  app.patch(
    '/clients/:clientId',
    {
      config: { permission: 'tenant:manage' },
      schema: {
        summary: 'Rename a workspace; its address stays',
        tags: ['tenants'],
        params: clientParams,
        body: workspaceRename,
        response: { 200: workspace },
      },
    },
    async (request, reply) => {
      const renamed = await tenants.rename(request.params.clientId, request.body.name);
      request.log.info(
        {
          audit: 'workspace.renamed',
          actor: requireUser(request, reply).sub,
          clientId: renamed.id,
          name: renamed.name,
        },
        'workspace renamed',
      );
      return renamed;
    },
  );
};
