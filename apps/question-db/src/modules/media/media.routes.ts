import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParams, MEDIA_LIMITS, mediaInfo, UPLOAD_LIMITS } from '@questa/contracts';
import type { MediaService } from './media.service';

const mb = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/** Uploads of images, audio and video as the raw request body, whatever Content-Type the client declares. */
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
            'the bytes are not one of the accepted image, audio or video types, or start like one but are broken (the content is checked, not the name).',
          'upload.too_large': `the file is larger than its kind allows: images ${mb(MEDIA_LIMITS.image.maxBytes)}, audio ${mb(MEDIA_LIMITS.audio.maxBytes)}, video ${mb(MEDIA_LIMITS.video.maxBytes)}.`,
        },
      },
      bodyLimit: UPLOAD_LIMITS.maxBytes,
      schema: {
        summary: 'Upload an image, a sound or a video',
        description:
          `Images: PNG, JPEG, WebP, GIF or SVG, up to ${mb(MEDIA_LIMITS.image.maxBytes)}. ` +
          `Audio: MP3, Ogg (Opus or Vorbis), WAV or M4A, up to ${mb(MEDIA_LIMITS.audio.maxBytes)}. ` +
          `Video: MP4 or WebM, up to ${mb(MEDIA_LIMITS.video.maxBytes)}. ` +
          'Send the file as the request body. Its type is read from its content; SVG is ' +
          'sanitised. Refer to it in Markdown with the returned `reference`: ' +
          '`![alt](media:<sha256>)` for an image, `![description](media:<sha256>#audio)` or ' +
          '`#video` for a sound or a film.',
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
