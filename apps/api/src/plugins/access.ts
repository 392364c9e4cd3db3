import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import {
  can,
  heldByEverySignedInUser,
  refusedWhileDeletionScheduled,
  type Permission,
} from '@questa/policy';
import type { AuthContext, AuthService } from '../modules/auth/auth.service';
import { readCookie } from '../modules/auth/session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, once a guard has looked it up; null when there is none. */
    auth: AuthContext | null | undefined;
  }
  interface FastifyContextConfig {
    /**
     * The route is called by another system, never by a browser, and proves itself by a signature
     * over the body (the payment partner's webhooks): it needs no same-origin header.
     */
    signedByCaller?: true;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AccessOptions {
  auth: AuthService;
  cookieName: string;
  /** The origin browsers use; state-changing requests must come from it. */
  publicOrigin: string;
  /** Whether a workspace awaits deletion, which refuses its changes (decision 0034). */
  deletionScheduled?: (clientId: string) => Promise<boolean>;
}

/**
 * Enforces, for every route of the main API, the permission the route declares, and refuses
 * state-changing requests that a cross-site page could have sent. Routes never check access
 * themselves, so none can forget to.
 */
export const access = fp<AccessOptions>(
  async (app: FastifyInstance, { auth, cookieName, publicOrigin, deletionScheduled }) => {
    app.decorateRequest('auth', undefined);

    async function requireSession(request: FastifyRequest): Promise<AuthContext> {
      request.auth ??= (await auth.resolve(readCookie(request.headers.cookie, cookieName))) ?? null;
      if (!request.auth) throw new HttpProblem('auth.required', { detail: 'Sign in to continue.' });
      return request.auth;
    }

    // Every route's permission is a policy key: the HTTP kit refuses any other when it is added.
    async function requirePermission(request: FastifyRequest, permission: Permission) {
      const context = await requireSession(request);
      // Learning routes need only a session: their hot paths (saving an exam answer) must not
      // wait for roles and memberships from the question database.
      if (heldByEverySignedInUser(permission)) return;
      const clientId = (request.params as { clientId?: string } | undefined)?.clientId;
      const principal = await auth.principal(context, request.id);
      if (!can(principal, permission, clientId)) {
        // Outsiders get the answer a missing workspace gets, as in the question database, so
        // workspace ids cannot be probed; only its members learn that they lack a permission.
        if (clientId !== undefined && !can(principal, 'tenant:read', clientId)) {
          throw new HttpProblem('not_found', { detail: 'There is no such workspace.' });
        }
        throw new HttpProblem('auth.forbidden', {
          detail: 'Your account is not allowed to do this.',
        });
      }
      if (
        clientId !== undefined &&
        deletionScheduled &&
        !principal.roles.includes('admin') &&
        refusedWhileDeletionScheduled(permission, request.method) &&
        (await deletionScheduled(clientId))
      ) {
        throw new HttpProblem('workspace.deletion_scheduled', {
          detail:
            'This workspace is scheduled for deletion, so nothing in it can be changed; everything can still be read and exported. An owner can keep the workspace from its settings page.',
        });
      }
    }

    app.addHook('onRequest', async (request) => {
      if (safeMethods.has(request.method)) return;
      if (request.routeOptions.config.signedByCaller) return;
      // A custom header cannot be added by a cross-site form or a simple cross-site fetch, and
      // browsers always send Origin on these requests; together they stop request forgery.
      if (request.headers[CSRF_HEADER] !== '1' || request.headers.origin !== publicOrigin) {
        throw new HttpProblem('auth.forbidden', {
          detail: 'This request did not come from Questa’s own pages.',
        });
      }
    });

    app.addHook('preHandler', async (request) => {
      const permission = request.routeOptions.config.permission;
      if (permission === 'public' || permission === undefined) return;
      await requirePermission(request, permission);
    });
  },
  { name: 'questa-access' },
);
