import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientParams,
  invitation,
  invitationAccepted,
  invitationCreated,
  invitationInput,
  invitationList,
  invitationParams,
  invitationPreview,
  invitationToken,
} from '@questa/contracts';
import { requireUser } from '../auth/guards';
import type { InvitationService } from './invitation.service';

export const invitationRoutes: FastifyPluginAsyncZod<{ invitations: InvitationService }> = async (
  app,
  { invitations },
) => {
  app.post(
    '/clients/:clientId/invitations',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Invite someone by e-mail with a role',
        description:
          'Answers the invitation and its secret token, this once; the caller delivers the link. An earlier open invitation for the same address is withdrawn. The link works for seven days, once.',
        tags: ['invitations'],
        params: clientParams,
        body: invitationInput,
        response: { 201: invitationCreated },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request, reply).sub;
      const created = await invitations.create(request.params.clientId, request.body, actor);
      request.log.info(
        {
          audit: 'invitation.sent',
          actor,
          clientId: request.params.clientId,
          invitationId: created.invitation.id,
          role: created.invitation.role,
        },
        'invitation created',
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/clients/:clientId/invitations',
    {
      config: { permission: 'member:list' },
      schema: {
        summary: 'A workspace’s invitations, newest first, with their state',
        tags: ['invitations'],
        params: clientParams,
        response: { 200: invitationList },
      },
    },
    (request) => invitations.list(request.params.clientId),
  );

  app.delete(
    '/clients/:clientId/invitations/:invitationId',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Withdraw an open invitation; its link stops working',
        tags: ['invitations'],
        params: invitationParams,
        response: { 200: invitation },
      },
    },
    async (request, reply) => {
      const { clientId, invitationId } = request.params;
      const revoked = await invitations.revoke(clientId, invitationId);
      request.log.info(
        {
          audit: 'invitation.revoked',
          actor: requireUser(request, reply).sub,
          clientId,
          invitationId,
        },
        'invitation revoked',
      );
      return revoked;
    },
  );

  // The token is the capability: whoever holds the link may see what it invites to, before
  // signing in or creating an account. It is sent in the body to keep it out of address logs.
  app.post(
    '/invitations/preview',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'What an invitation link invites to, and whether it still works',
        tags: ['invitations'],
        body: invitationToken,
        response: { 200: invitationPreview },
      },
    },
    (request) => invitations.preview(request.body.token),
  );

  app.post(
    '/invitations/accept',
    {
      config: { permission: 'session:read' },
      schema: {
        summary: 'Join a workspace with an invitation link',
        description:
          'Uses the invitation once. Refused with `invitation.invalid` when it is unknown, used, withdrawn or expired. Someone already a member keeps their role.',
        tags: ['invitations'],
        body: invitationToken,
        response: { 200: invitationAccepted },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, reply).sub;
      const { membership, alreadyMember, invitationId } = await invitations.accept(
        request.body.token,
        user,
      );
      request.log.info(
        {
          audit: 'invitation.accepted',
          actor: user,
          clientId: membership.clientId,
          invitationId,
          role: membership.role,
        },
        'invitation accepted',
      );
      return { membership, alreadyMember };
    },
  );
};
