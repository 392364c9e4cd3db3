import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientParams, memberInput, memberList, memberParams } from '@questa/contracts';
import { requireSession, requireUser } from '../auth/guards';
import { memberIds, membershipList, ownershipTransfer, peopleQuery } from '@questa/contracts';
import type { MemberService } from './member.service';

export const memberRoutes: FastifyPluginAsyncZod<{ members: MemberService }> = async (
  app,
  { members },
) => {
  app.get(
    '/me/memberships',
    {
      config: { permission: 'session:read' },
      schema: {
        summary: 'The tenants the signed-in user belongs to, with their role in each',
        tags: ['members'],
        response: { 200: membershipList },
      },
    },
    (request, reply) => members.mine(requireUser(request, reply).sub),
  );

  app.get(
    '/clients/:clientId/members',
    {
      config: { permission: 'member:list' },
      schema: {
        summary: 'Members of a tenant and their roles',
        tags: ['members'],
        params: clientParams,
        response: { 200: memberList },
      },
    },
    (request) => members.list(request.params.clientId),
  );

  // Any member may ask, unlike the full list with roles: the main API names the authors of a
  // question's versions, and must name only people of this tenant.
  app.get(
    '/clients/:clientId/member-ids',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'Which of the given people are members of a tenant',
        tags: ['members'],
        params: clientParams,
        querystring: peopleQuery,
        response: { 200: memberIds },
      },
    },
    (request) => members.among(request.params.clientId, request.query.ids),
  );

  app.put(
    '/clients/:clientId/members/:userId',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Add a member or change their role',
        tags: ['members'],
        params: memberParams,
        body: memberInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { clientId, userId } = request.params;
      const from = await members.set(clientId, userId, request.body.role);
      const action = from ? 'membership.changed' : 'membership.granted';
      request.log.info(
        {
          audit: action,
          actor: requireSession(request, reply).sub,
          clientId,
          userId,
          role: request.body.role,
          from,
        },
        from ? 'membership changed' : 'membership granted',
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/clients/:clientId/members/:userId',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Remove a member; the last owner cannot be removed',
        tags: ['members'],
        params: memberParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { clientId, userId } = request.params;
      const from = await members.remove(clientId, userId);
      request.log.info(
        {
          audit: 'membership.revoked',
          actor: requireSession(request, reply).sub,
          clientId,
          userId,
          from,
        },
        'membership revoked',
      );
      return reply.code(204).send(null);
    },
  );

  // Any member may leave, whatever their role; the last owner may not, as when removed.
  app.post(
    '/clients/:clientId/leave',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'Leave a workspace',
        description:
          'Refused with `validation.failed` for its last owner, who hands ownership on first.',
        tags: ['members'],
        params: clientParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const userId = requireUser(request, reply).sub;
      const from = await members.remove(clientId, userId);
      request.log.info(
        { audit: 'membership.left', actor: userId, clientId, userId, from },
        'membership left',
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/clients/:clientId/ownership',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Hand ownership to another member',
        description: 'The member becomes an owner and the caller, when an owner, an author.',
        tags: ['members'],
        params: clientParams,
        body: ownershipTransfer,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const actor = requireUser(request, reply).sub;
      const from = await members.transferOwnership(clientId, actor, request.body.userId);
      request.log.info(
        { audit: 'ownership.transferred', actor, clientId, userId: request.body.userId, from },
        'ownership transferred',
      );
      return reply.code(204).send(null);
    },
  );
};
