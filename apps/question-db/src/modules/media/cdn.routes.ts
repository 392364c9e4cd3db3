import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaKindOf } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { requestedRange } from './byte-range';
import type { MediaRepository } from './media.repository';
import type { MediaStore } from './media-store';

const params = z.strictObject({ sha256: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * The content-delivery base in one-process mode. A hash names exactly one content, so responses
 * are cacheable forever. Byte ranges are answered, since browsers seek in audio and video by
 * asking for the part they need.
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
      const described = await media.describe(sha256);
      if (!described) throw new HttpProblem('not_found', { detail: 'No media has that hash.' });
      const etag = `"${sha256}"`;
      // If-Range with another validator asks for the whole file; ours never changes, but a
      // client holding a different one must not get a piece of something else.
      const ifRange = request.headers['if-range'];
      const range =
        !ifRange || ifRange === etag
          ? requestedRange(request.headers.range, described.bytes)
          : undefined;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff');
      // SVG (and any image) is served under a CSP sandbox in case sanitising ever misses
      // something. Not audio or video: Chromium plays a sound or film opened on its own through a
      // media document that loads the file's own address, and a sandbox (even `sandbox` alone)
      // stops that load. Their bytes were checked to be audio or video and nosniff keeps them so.
      const kind = mediaKindOf(described.contentType);
      if (kind !== 'audio' && kind !== 'video') {
        reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      }
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${described.bytes}`);
        throw new HttpProblem('media.range', {
          detail: `The range asked for starts past the end of this ${described.bytes}-byte file.`,
        });
      }
      const body = await store.open(sha256, range);
      if (!body) throw new HttpProblem('not_found', { detail: 'No media has that hash.' });
      reply.type(described.contentType);
      if (!range) return reply.header('content-length', described.bytes).send(body);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${described.bytes}`)
        .header('content-length', range.end - range.start + 1)
        .send(body);
    },
  );
};
