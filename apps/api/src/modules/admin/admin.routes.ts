import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  accommodations,
  adminDeleteAccountRequest,
  adminUser,
  adminUserList,
  adminUserQuery,
  premiumGrant,
  userIdParams,
  auditList,
  auditQuery,
  clientParams,
  memberInput,
  memberList,
  memberParams,
  roleParams,
  tenant,
  tenantList,
  tenantListQuery,
  workspaceLimitsUpdate,
  workspaceUsage,
} from '@questa/contracts';
import type { AdminService } from './admin.service';

const actor = (request: FastifyRequest) => ({
  context: request.auth!,
  ip: request.ip,
  requestId: request.id,
});

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  app.get(
    '/admin/users',
    {
      config: { permission: 'user:list' },
      schema: {
        summary: 'Everyone who has signed in, newest first',
        description: 'Searched by part of an email or name, a page at a time.',
        tags: ['admin'],
        querystring: adminUserQuery,
        response: { 200: adminUserList },
      },
    },
    (request) => admin.listUsers(request.query),
  );

  app.put(
    '/admin/users/:userId/premium',
    {
      config: { permission: 'user:manage_entitlements' },
      schema: {
        summary: 'Grant or revoke premium by hand',
        description: 'Premium until a time, or until revoked (`until: null`).',
        tags: ['admin'],
        params: userIdParams,
        body: premiumGrant,
        response: { 200: adminUser },
      },
    },
    (request) =>
      admin.setPremium(
        actor(request),
        request.params.userId,
        request.body.premium,
        request.body.until,
      ),
  );

  app.put(
    '/admin/users/:userId/accommodations',
    {
      config: { permission: 'user:manage_entitlements' },
      schema: {
        summary: 'Set extra exam time for a learner',
        tags: ['admin'],
        params: userIdParams,
        body: accommodations,
        response: { 200: adminUser },
      },
    },
    (request) =>
      admin.setAccommodations(actor(request), request.params.userId, request.body.extraTimePercent),
  );

  app.post(
    '/admin/users/:userId/delete',
    {
      config: { permission: 'user:delete' },
      schema: {
        summary: 'Delete an account at once, for a legal request',
        description:
          'Skips the fourteen days an owner’s own deletion waits: the account is erased as `POST /account/delete` erases it when due, its sessions end, and the audit log records the admin. The body repeats the account’s email address. Refused with `account.subscription_active` while their subscription still renews, and for the admin’s own account; `unavailable` when the identity provider cannot be reached, and then the deletion is finished later without another request.',
        tags: ['admin'],
        params: userIdParams,
        body: adminDeleteAccountRequest,
      },
    },
    async (request, reply) => {
      await admin.deleteAccountNow(actor(request), request.params.userId, request.body.confirm);
      return reply.code(204).send();
    },
  );

  app.put(
    '/admin/users/:userId/roles/:role',
    {
      config: { permission: 'user:manage_roles' },
      schema: { summary: 'Grant a global role', tags: ['admin'], params: roleParams },
    },
    async (request, reply) => {
      await admin.grantRole(actor(request), request.params.userId, request.params.role);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/admin/users/:userId/roles/:role',
    {
      config: { permission: 'user:manage_roles' },
      schema: {
        summary: 'Revoke a global role granted in Questa',
        tags: ['admin'],
        params: roleParams,
      },
    },
    async (request, reply) => {
      await admin.revokeRole(actor(request), request.params.userId, request.params.role);
      return reply.code(204).send();
    },
  );

  app.get(
    '/admin/tenants',
    {
      config: { permission: 'tenant:list' },
      schema: {
        summary: 'Tenants of the question database, or those matching a search',
        tags: ['admin'],
        querystring: tenantListQuery,
        response: { 200: tenantList },
      },
    },
    async (request) => ({ tenants: await admin.listTenants(actor(request), request.query.q) }),
  );

  for (const [method, suspended] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/admin/tenants/:clientId/suspension',
      config: { permission: 'tenant:administer' },
      schema: {
        summary: suspended ? 'Suspend a workspace' : 'Restore a suspended workspace',
        description: suspended
          ? 'Its routes answer `workspace.suspended` to everyone but platform admins until it is restored; nothing is deleted.'
          : 'Its members and API keys reach it again.',
        tags: ['admin'],
        params: clientParams,
        response: { 200: tenant },
      },
      handler: (request) => admin.setSuspended(actor(request), request.params.clientId, suspended),
    });
  }

  app.put(
    '/admin/tenants/:clientId/limits',
    {
      config: { permission: 'tenant:administer' },
      schema: {
        summary: 'Override a workspace’s limits',
        description:
          'An override comes before what the workspace’s paid plan gives. A kind set to null goes back to the plan’s or the free limit; one left out keeps its value. Audited.',
        tags: ['admin'],
        params: clientParams,
        body: workspaceLimitsUpdate,
        response: { 200: workspaceUsage },
      },
    },
    (request) => admin.overrideLimits(actor(request), request.params.clientId, request.body),
  );

  app.get(
    '/admin/tenants/:clientId/members',
    {
      config: { permission: 'member:list' },
      schema: {
        summary: 'Members of a tenant',
        tags: ['admin'],
        params: clientParams,
        response: { 200: memberList },
      },
    },
    async (request) => ({
      members: await admin.listMembers(actor(request), request.params.clientId),
    }),
  );

  app.put(
    '/admin/tenants/:clientId/members/:userId',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Add a member or change their role',
        tags: ['admin'],
        params: memberParams,
        body: memberInput,
      },
    },
    async (request, reply) => {
      await admin.putMember(
        actor(request),
        request.params.clientId,
        request.params.userId,
        request.body.role,
      );
      return reply.code(204).send();
    },
  );

  app.delete(
    '/admin/tenants/:clientId/members/:userId',
    {
      config: { permission: 'member:manage' },
      schema: { summary: 'Remove a member from a tenant', tags: ['admin'], params: memberParams },
    },
    async (request, reply) => {
      await admin.removeMember(actor(request), request.params.clientId, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/admin/audit',
    {
      config: { permission: 'audit:read' },
      schema: {
        summary: 'Audit log, newest first',
        description: 'Narrowed by who acted, what they did and when, a page at a time.',
        tags: ['admin'],
        querystring: auditQuery,
        response: { 200: auditList },
      },
    },
    (request) => admin.listAudit(request.query),
  );
};
