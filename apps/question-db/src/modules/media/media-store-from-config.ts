import path from 'node:path';
import type { QuestaConfig } from '@questa/config';
import { createFileMediaStore, type MediaStore } from './media-store';

/**
 * Media on S3-compatible storage when S3_BUCKET is set, otherwise files in the data folder. The
 * storage SDK is loaded only when it is used, so one-process starts do not pay for it.
 */
export async function mediaStoreFromConfig(
  config: QuestaConfig,
): Promise<MediaStore & { destroy?(): void }> {
  if (!config.s3) return createFileMediaStore(path.join(config.dataDir, 'media'));
  const { createS3MediaStore } = await import('./s3-media-store');
  return createS3MediaStore(config.s3);
}
