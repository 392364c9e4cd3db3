import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientParams,
  slugCheck,
  slugCheckQuery,
  tenantList,
  tenantListQuery,
  workspace,
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
