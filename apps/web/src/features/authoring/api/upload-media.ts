import type { MediaInfo } from '@questa/contracts';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';
import { questionDbUrl } from './question-db';

/** Uploads an image; the server checks its type by content and answers with its reference. */
export function uploadMedia(
  clientId: string,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<MediaInfo> {
  return uploadWithProgress<MediaInfo>(questionDbUrl(clientId, '/media'), file, { onProgress });
}
