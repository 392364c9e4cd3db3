import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  clientParams,
  invitation,
  invitationAccepted,
  invitationInput,
  invitationPreview,
  invitationToken,
  ownershipTransfer,
  workspace,
  workspaceInput,
  workspaceRename,
} from '@questa/contracts';
import type { WorkspaceService } from './workspace.service';

const tags = ['workspaces'];

const actor = (request: FastifyRequest) => ({
  context: request.auth!,
  ip: request.ip,
  requestId: request.id,
});

/**
 * Workspace changes that reach beyond the question database: each is audited here and may change
 * which workspaces the caller's session lists; invitations also send a notice and a mail. Reading
 * members and invitations, and withdrawing an invitation, go to the question database directly.
 */
export const workspaceRoutes: FastifyPluginAsyncZod<{ workspaces: WorkspaceService }> = async (
  app,
  { workspaces },
) => {
  app.post(
    '/workspaces',
    {
      config: { permission: 'tenant:create' },
      schema: {
        summary: 'Create a workspace; the caller becomes its owner',
        description: 'Refused with `workspace.slug_taken` when another workspace has the address.',
        tags,
        body: workspaceInput,
        response: { 201: workspace },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await workspaces.create(actor(request), request.body)),
  );

  app.patch(
    '/workspaces/:clientId',
    {
      config: { permission: 'tenant:manage' },
      schema: {
        summary: 'Rename a workspace; its address stays',
        tags,
        params: clientParams,
        body: workspaceRename,
        response: { 200: workspace },
      },
    },
    (request) => workspaces.rename(actor(request), request.params.clientId, request.body.name),
  );

  app.post(
    '/workspaces/:clientId/leave',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'Leave a workspace',
        description: 'Refused for its last owner, who hands ownership on first.',
        tags,
        params: clientParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await workspaces.leave(actor(request), request.params.clientId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/workspaces/:clientId/ownership',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Hand ownership to another member',
        description: 'The member becomes an owner and the caller, when an owner, an author.',
        tags,
        params: clientParams,
        body: ownershipTransfer,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await workspaces.transferOwnership(
        actor(request),
        request.params.clientId,
        request.body.userId,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/workspaces/:clientId/invitations',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Invite someone by e-mail with a role',
        description:
          'Mails a link that works once for seven days; someone with an account here also gets a notice in the app. An earlier open invitation to the same address stops working.',
        tags,
        params: clientParams,
        body: invitationInput,
        response: { 201: invitation },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await workspaces.invite(actor(request), request.params.clientId, request.body)),
  );

  // Before signing in too: the page of an invitation link says what it invites to and offers
  // to sign in or create an account.
  app.post(
    '/invitations/preview',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'What an invitation link invites to, and whether it still works',
        tags,
        body: invitationToken,
        response: { 200: invitationPreview },
      },
    },
    (request) => workspaces.preview(request.body.token, request.id),
  );

  app.post(
    '/invitations/accept',
    {
      config: { permission: 'session:read' },
      schema: {
        summary: 'Join a workspace with an invitation link',
        description:
          'Uses the invitation once; `invitation.invalid` when it is unknown, used, withdrawn or expired.',
        tags,
        body: invitationToken,
        response: { 200: invitationAccepted },
      },
    },
    (request) => workspaces.accept(actor(request), request.body.token),
  );
};
