import { createHash } from 'node:crypto';
import type { MediaInfo } from '@questa/contracts';
import { MEDIA_LIMITS, mediaKindOf, mediaReference } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { sniffAudioVideo, type AudioVideoType } from './av-info';
import { rasterDimensions, sniffImageType, type Dimensions, type ImageType } from './image-info';
import type { MediaRepository } from './media.repository';
import type { MediaStore } from './media-store';
import { sanitiseSvg, UnsafeSvgError } from './svg-sanitiser';

const refused = (detail: string) => new HttpProblem('upload.type', { detail });

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/**
 * Checks, sanitises and stores an image, a sound or a film, content-addressed by the hash of what
 * is stored.
 */
export function createMediaService(deps: {
  media: Pick<MediaRepository, 'record'>;
  store: MediaStore;
}) {
  function prepare(bytes: Buffer): { type: ImageType | AudioVideoType; body: Buffer } & Dimensions {
    const type = sniffImageType(bytes);
    if (!type) {
      const verdict = sniffAudioVideo(bytes);
      if (verdict && 'refused' in verdict) throw refused(verdict.refused);
      if (verdict) return { type: verdict.type, body: bytes, width: null, height: null };
      throw refused(
        'Upload a PNG, JPEG, WebP, GIF or SVG image, MP3, Ogg, WAV or M4A audio, or MP4 or WebM ' +
          'video; this file is none of them.',
      );
    }
    if (type === 'image/svg+xml') {
      try {
        const { svg, width, height } = sanitiseSvg(bytes.toString('utf8'));
        return { type, body: Buffer.from(svg, 'utf8'), width, height };
      } catch (error) {
        if (error instanceof UnsafeSvgError) throw refused(error.message);
        throw error;
      }
    }
    const dimensions = rasterDimensions(type, bytes);
    if (!dimensions) throw refused(`The file starts like ${type} but its header is broken.`);
    return { type, body: bytes, ...dimensions };
  }

  return {
    async upload(clientId: string, bytes: Buffer | undefined): Promise<MediaInfo> {
      const image = prepare(bytes ?? Buffer.alloc(0));
      // The route's body limit is the largest kind's; each kind has its own ceiling.
      const kind = mediaKindOf(image.type) ?? 'image';
      if (image.body.length > MEDIA_LIMITS[kind].maxBytes) {
        throw new HttpProblem('upload.too_large', {
          detail: `${kind === 'image' ? 'Images' : kind === 'audio' ? 'Audio files' : 'Videos'} may be up to ${megabytes(MEDIA_LIMITS[kind].maxBytes)}.`,
        });
      }
      const sha256 = createHash('sha256').update(image.body).digest('hex');
      // Bytes first: a recorded hash must always be servable.
      await deps.store.put(sha256, image.body, image.type);
      await deps.media.record({
        clientId,
        sha256,
        contentType: image.type,
        bytes: image.body.length,
        width: image.width,
        height: image.height,
      });
      return {
        sha256,
        contentType: image.type,
        bytes: image.body.length,
        width: image.width,
        height: image.height,
        reference: mediaReference(sha256, image.type),
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
