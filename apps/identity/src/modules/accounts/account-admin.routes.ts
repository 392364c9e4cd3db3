import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * What Questa's main API asks of the provider about accounts outside a sign-in: ending every
 * sign-in of an account whose deletion its owner asked for, and deleting it when the deletion is
 * carried out. Only the registered confidential clients may.
 */
export function accountAdminRoutes(clients: ClientMetadata[], accounts: AccountService) {
  return async (app: FastifyInstance) => {
    // Not a person's call: each route checks the client's credentials itself, like the token
    // endpoint does.
    const fromClient = (request: FastifyRequest, reply: FastifyReply) => {
      if (clientOf(request, clients)) return true;
      void reply
        .code(401)
        .header('www-authenticate', 'Basic realm="questa-identity"')
        .send({ error: 'invalid_client' });
      return false;
    };

    app.post<{ Params: { sub: string } }>(
      '/accounts/:sub/sign-out',
      { config: { permission: 'public' } },
      async (request, reply) => {
        if (!fromClient(request, reply)) return reply;
        const ended = await accounts.endAccountSignIns(request.params.sub);
        return reply.code(ended ? 204 : 404).send();
      },
    );

    app.delete<{ Params: { sub: string } }>(
      '/accounts/:sub',
      { config: { permission: 'public' } },
      async (request, reply) => {
        if (!fromClient(request, reply)) return reply;
        const deleted = await accounts.deleteAccount(request.params.sub);
        return reply.code(deleted ? 204 : 404).send();
      },
    );
  };
}
