import fp from 'fastify-plugin';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { HttpProblem, type RoutePermission } from '@questa/http-kit';
import { InvalidTokenError, SigningKeysUnavailableError } from './access-token';
import type { AuthService } from './auth.service';
import { requirePermission, type WorkspaceStateOf } from './guards';
import type { RequestPrincipal } from './principal';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; undefined when anonymous and on public routes. */
    principal: RequestPrincipal | undefined;
  }
}

const permissionOf = (config: unknown) =>
  (config as { permission?: RoutePermission } | undefined)?.permission;

/**
 * Bearer authentication (access tokens of people and of trusted services, and API keys; never
 * cookies) and the permission check each route declares in `config.permission`. Register before
 * any route: the permission guard is attached to routes as they are added, so no route can be
 * added without it.
 */
export const authentication = fp<{
  auth: AuthService;
  /**
   * Whether a workspace is suspended, which closes its routes to all but platform admins, or
   * awaits deletion, which refuses its changes.
   */
  stateOf?: WorkspaceStateOf;
}>(
  async (app: FastifyInstance, { auth, stateOf }) => {
    app.decorateRequest('principal', undefined);

    app.addHook('onRoute', (route: RouteOptions) => {
      // The HTTP kit has already refused a route whose permission the policy does not know.
      const permission = permissionOf(route.config);
      if (permission === undefined || permission === 'public') return;
      // On request, after the principal is known and before the body is read: a caller without
      // the permission never gets to make the service buffer or parse an upload.
      const existing = route.onRequest ?? [];
      route.onRequest = [
        requirePermission(permission, stateOf),
        ...(Array.isArray(existing) ? existing : [existing]),
      ];
    });

    app.addHook('onRequest', async (request, reply) => {
      const permission = permissionOf(request.routeOptions.config);
      // Public routes answer everyone alike, so they neither pay for verifying a token nor fail
      // on a stale one.
      if (permission === undefined || permission === 'public') return;
      try {
        request.principal = await auth.authenticate(request.headers.authorization);
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          reply.header('www-authenticate', 'Bearer error="invalid_token"');
          throw new HttpProblem('auth.required', {
            detail:
              'The bearer token is invalid, expired or revoked. Sign in again or use a current API key.',
          });
        }
        if (error instanceof SigningKeysUnavailableError) {
          request.log.warn({ err: error.cause }, 'issuer signing keys unavailable');
          throw new HttpProblem('unavailable', {
            detail: 'Sign-in cannot be checked right now. Please try again shortly.',
            retryAfter: 5,
          });
        }
        throw error;
      }
    });
  },
  { name: 'questa-question-db-authentication', dependencies: ['questa-http-kit'] },
);
