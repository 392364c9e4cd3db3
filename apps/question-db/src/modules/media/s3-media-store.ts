import type { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { MediaStore } from './media-store';

/** Where media lives in distributed mode: any S3-compatible object store. */
export interface S3MediaStoreSettings {
  /** e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO URL; the SDK's default when absent. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  /** Key prefix inside the bucket, e.g. `media/`; empty for the bucket's root. */
  prefix?: string;
  /** Absent: the SDK's default chain (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /**
   * Path-style URLs (`endpoint/bucket/key`), which MinIO, Ceph and most S3-compatible servers
   * need; virtual-hosted style only suits AWS itself.
   */
  forcePathStyle?: boolean;
}

const hashPattern = /^[0-9a-f]{64}$/;

export function createS3MediaStore(settings: S3MediaStoreSettings): MediaStore & {
  destroy(): void;
} {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle ?? true,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const keyOf = (sha256: string) => {
    if (!hashPattern.test(sha256)) throw new Error('Media is addressed by a lowercase sha256');
    return `${settings.prefix ?? ''}${sha256.slice(0, 2)}/${sha256}`;
  };

  return {
    // A hash names one content, so writing it again writes the same bytes: no need to ask
    // first whether it is there. The headers serve a CDN placed in front of the bucket.
    async put(sha256, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(sha256),
          Body: body,
          ContentType: contentType ?? 'application/octet-stream',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async open(sha256, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: settings.bucket,
            Key: keyOf(sha256),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return object.Body as Readable | undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    destroy: () => client.destroy(),
  };
}
