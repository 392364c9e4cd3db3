import { createHash } from 'node:crypto';
import type { MediaInfo } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { rasterDimensions, sniffImageType, type Dimensions, type ImageType } from './image-info';
import type { MediaRepository } from './media.repository';
import type { MediaStore } from './media-store';
import { sanitiseSvg, UnsafeSvgError } from './svg-sanitiser';

const refused = (detail: string) => new HttpProblem('upload.type', { detail });

/** Checks, sanitises and stores an image, content-addressed by the hash of what is stored. */
export function createMediaService(deps: {
  media: Pick<MediaRepository, 'record'>;
  store: MediaStore;
}) {
  function prepare(bytes: Buffer): { type: ImageType; body: Buffer } & Dimensions {
    const type = sniffImageType(bytes);
    if (!type) {
      throw refused('Upload a PNG, JPEG, WebP, GIF or SVG image; this file is none of them.');
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
        reference: `media:${sha256}`,
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
