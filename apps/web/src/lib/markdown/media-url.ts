import { MEDIA_ADDRESS } from '@questa/contracts/rules/files';
import { config } from '../config';

/**
 * Where a `media:<sha256>` reference is served from; any other address is left as written. Kept
 * apart from the Markdown renderer so that a page showing an image without Markdown (a hotspot
 * on the live player's phone) does not load Markdown and KaTeX with it.
 */
export function mediaUrl(reference: string): string {
  const match = MEDIA_ADDRESS.exec(reference);
  return match ? `${config.cdnBase}/media/${match[1]}` : reference;
}
