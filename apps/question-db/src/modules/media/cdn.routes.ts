import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '@questa/http-kit';
import type { MediaRepository } from './media.repository';
import type { MediaStore } from './media-store';

const params = z.strictObject({ sha256: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * The content-delivery base in one-process mode. A hash names exactly one content, so responses
 * are cacheable forever; SVG is served under a CSP sandbox in case sanitising ever misses
 * something.
 */
export const cdnRoutes: FastifyPluginAsyncZod<{
  media: MediaRepository;
  store: MediaStore;
}> = async (app, { media, store }) => {
  app.get(
    '/media/:sha256',
    { config: { permission: 'public' }, schema: { params, hide: true } },
    async (request, reply) => {
      const { sha256 } = request.params;
      const contentType = await media.contentType(sha256);
      const body = contentType && (await store.open(sha256));
      if (!contentType || !body)
        throw new HttpProblem('not_found', { detail: 'No media has that hash.' });
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .type(contentType)
        .send(body);
    },
  );
};
