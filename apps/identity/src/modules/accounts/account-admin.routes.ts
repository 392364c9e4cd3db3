import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientMetadata } from 'oidc-provider';
import type { AccountService } from './account.service';

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The confidential client a request authenticates as with HTTP Basic, as at the token endpoint. */
function clientOf(request: FastifyRequest, clients: ClientMetadata[]) {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString();
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const id = decodeURIComponent(decoded.slice(0, colon));
  const secret = decodeURIComponent(decoded.slice(colon + 1));
  return clients.find(
    (client) =>
      client.client_id === id &&
      typeof client.client_secret === 'string' &&
      sameSecret(client.client_secret, secret),
  );
}

/**
 * What Questa's main API asks of the provider about accounts outside a sign-in: deleting one when
 * its owner deletes their Questa account. Only the registered confidential clients may.
 */
export function accountAdminRoutes(clients: ClientMetadata[], accounts: AccountService) {
  return async (app: FastifyInstance) => {
    app.delete<{ Params: { sub: string } }>(
      '/accounts/:sub',
      // Not a person's call: the route checks the client's credentials itself, like the token
      // endpoint does.
      { config: { permission: 'public' } },
      async (request, reply) => {
        if (!clientOf(request, clients)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Basic realm="questa-identity"')
            .send({ error: 'invalid_client' });
        }
        const deleted = await accounts.deleteAccount(request.params.sub);
        return reply.code(deleted ? 204 : 404).send();
      },
    );
  };
}
