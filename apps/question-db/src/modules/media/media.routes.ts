import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParams, mediaInfo, UPLOAD_LIMITS } from '@questa/contracts';
import type { MediaService } from './media.service';

/** Uploads of images as the raw request body, whatever Content-Type the client declares. */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (
  app,
  { media },
) => {
  // Encapsulated: in this plugin only, every body arrives as bytes. What a file is gets decided
  // by its content, so JSON or text parsers must not get to it first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/clients/:clientId/media',
    {
      config: {
        permission: 'question:write',
        problems: {
          'upload.type':
            'the bytes are not one of the accepted image types (the content is checked, not the name).',
          'upload.too_large': 'the image is larger than 5 MB.',
        },
      },
      bodyLimit: UPLOAD_LIMITS.maxBytes,
      schema: {
        summary: 'Upload an image: PNG, JPEG, WebP, GIF or SVG, up to 5 MB',
        description:
          'Send the file as the request body. Its type is read from its content; SVG is ' +
          'sanitised. Refer to it in Markdown as `![alt](media:<sha256>)`.',
        tags: ['media'],
        params: clientParams,
        consumes: [...UPLOAD_LIMITS.contentTypes],
        response: { 201: mediaInfo },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const stored = await media.upload(request.params.clientId, body);
      return reply.code(201).send(stored);
    },
  );
};
