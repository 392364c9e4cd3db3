import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '@questa/http-kit';
import { can, refusedWhileDeletionScheduled, type Permission } from '@questa/policy';
import type { RequestPrincipal, UserPrincipal } from './principal';

/** The caller's principal; 401 `auth.required` when the request carries no credentials. */
export function requireSession(request: FastifyRequest, reply: FastifyReply): RequestPrincipal {
  if (request.principal) return request.principal;
  reply.header('www-authenticate', 'Bearer');
  throw new HttpProblem('auth.required', {
    detail: 'Send a bearer token: a Questa access token or an API key.',
  });
}

/** A person's principal; API keys act for a tenant and services for no one, never as someone. */
export function requireUser(request: FastifyRequest, reply: FastifyReply): UserPrincipal {
  const principal = requireSession(request, reply);
  if (principal.kind === 'user') return principal;
  throw new HttpProblem('auth.forbidden', {
    detail: 'This needs a signed-in user’s access token; an API key or a service cannot use it.',
  });
}

function tenantOf(request: FastifyRequest): string | undefined {
  const clientId = (request.params as Record<string, unknown> | undefined)?.clientId;
  return typeof clientId === 'string' ? clientId : undefined;
}

/** What the guard reads of a workspace before letting one of its members in. */
export type WorkspaceStateOf = (
  clientId: string,
) => Promise<{ suspended: boolean; deletionScheduled: boolean }>;

const open: WorkspaceStateOf = async () => ({ suspended: false, deletionScheduled: false });

/**
 * A hook that lets the request through only when its principal holds `permission`, in the tenant
 * named by the route's `:clientId` when there is one.
 */
export function requirePermission(permission: Permission, stateOf: WorkspaceStateOf = open) {
  return async function permissionGuard(request: FastifyRequest, reply: FastifyReply) {
    const principal = requireSession(request, reply);
    const clientId = tenantOf(request);
    if (can(principal, permission, clientId)) {
      // Admins still reach a closed workspace to look into it and restore it, and the main API's
      // service to carry out or call off its deletion, and to set what its plan gives (a plan may end
      // while the workspace is suspended).
      if (clientId === undefined || principal.roles.includes('admin') || principal.service) return;
      const state = await stateOf(clientId);
      if (state.suspended) {
        throw new HttpProblem('workspace.suspended', {
          detail:
            'A Questa admin has suspended this workspace; nothing in it can be read or changed until it is restored. Its owners can ask Questa’s support why.',
        });
      }
      if (state.deletionScheduled && refusedWhileDeletionScheduled(permission, request.method)) {
        throw new HttpProblem('workspace.deletion_scheduled', {
          detail:
            'This workspace is scheduled for deletion, so nothing in it can be changed; everything can still be read and exported. An owner can keep the workspace from its settings page.',
        });
      }
      return;
    }
    // Outsiders get the answer a missing tenant gets, so tenant ids cannot be probed; only
    // those who may see the tenant learn that they lack a permission in it.
    if (clientId !== undefined && !can(principal, 'tenant:read', clientId)) {
      throw new HttpProblem('not_found', { detail: 'There is no such tenant.' });
    }
    throw new HttpProblem('auth.forbidden', {
      detail: `Your role does not allow this (${permission}).`,
    });
  };
}
