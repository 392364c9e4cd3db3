import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration } from 'oidc-provider';
import type { Database, Kysely } from '@questa/db';
import { createRootServer, healthRoute, httpKit } from '@questa/http-kit';
import { createKeyRepository, type IdentityTables } from './modules/keys/key.repository';

export const IDENTITY_SCHEMA = 'identity';
export const IDENTITY_PREFIX = '/idp';
export const identityMigrations = new URL('./migrations/', import.meta.url);

export interface IdentityDeps {
  database: Database;
  /** The issuer URL, ending in the prefix the provider is mounted at. */
  issuer: string;
}

/**
 * The embedded OpenID Connect provider, mounted under `/idp` in one-process mode. Requests are
 * handed to oidc-provider untouched except for the mount prefix, which it expects stripped.
 */
export const identityApp: FastifyPluginAsync<IdentityDeps> = async (app, deps) => {
  const db = deps.database.kysely.withSchema(IDENTITY_SCHEMA) as unknown as Kysely<IdentityTables>;
  const keys = createKeyRepository(db);
  const provider = new Provider(deps.issuer, {
    jwks: { keys: await keys.signingKeys() } as Configuration['jwks'],
    cookies: { keys: await keys.cookieKeys() },
    clients: [],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `${IDENTITY_PREFIX}/interaction/${interaction.uid}`,
    },
  });
  provider.proxy = true;
  const handle = provider.callback();
  const mountPath = new URL(deps.issuer).pathname.replace(/\/$/, '');

  await app.register(httpKit);
  healthRoute(app, 'identity', deps.database);

  const delegate = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice(mountPath.length) || '/';
    await handle(raw, reply.raw);
  };
  app.all('/*', { config: { permission: 'public' } }, delegate);
};

export async function buildApp(deps: IdentityDeps): Promise<FastifyInstance> {
  const root = createRootServer({ logLevel: 'silent' });
  await root.register(identityApp, { prefix: IDENTITY_PREFIX, ...deps });
  await root.ready();
  return root;
}
