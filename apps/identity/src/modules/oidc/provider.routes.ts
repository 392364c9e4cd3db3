import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';

/**
 * Hands every request no page claimed to oidc-provider, untouched except for the mount prefix,
 * which it expects stripped (it rebuilds its URLs from `originalUrl`).
 */
export function providerRoutes(provider: Provider, mountPath: string) {
  const handle = provider.callback();
  return async (app: FastifyInstance) => {
    // oidc-provider reads request bodies itself, so Fastify must leave the stream unread.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    app.all('/*', { config: { permission: 'public' } }, async (request, reply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(mountPath.length) || '/';
      await handle(raw, reply.raw);
    });
  };
}
