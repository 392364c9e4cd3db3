import type { QuestionContent } from '@questa/contracts';

/** JSON with object keys sorted, so equal contents compare equal whatever built them. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

const mediaPattern = /media:([0-9a-f]{64})/g;

/**
 * The content with `media` listing every image its texts refer to, and a hotspot's image, as the
 * contract asks: uploads add references, deleting the Markdown removes them.
 */
export function withMedia(content: QuestionContent): QuestionContent {
  const texts = JSON.stringify({ ...content, media: [] });
  const media = [...new Set([...texts.matchAll(mediaPattern)].map((match) => match[1] ?? ''))];
  // A hotspot's image is named by its hash alone, not by a `media:` reference in a text.
  if (content.type === 'hotspot' && content.image.sha256 && !media.includes(content.image.sha256)) {
    media.unshift(content.image.sha256);
  }
  const same =
    media.length === content.media.length && media.every((hash, i) => content.media[i] === hash);
  return same ? content : { ...content, media: media.slice(0, 20) };
}

const imageAlts = /!\[([^\]]*)\]\(/g;
const fileName = /^[^\s/\\]+\.(?:png|jpe?g|gif|webp|svg|avif|bmp|tiff?)$/i;

/**
 * Descriptions of the images in `markdown` that are file names ("IMG_2041.jpg"): what an upload
 * used to put there, and what imports often carry. Empty ones are decorative images, on purpose.
 */
export function fileNameAlts(markdown: string): string[] {
  return [...markdown.matchAll(imageAlts)]
    .map((match) => (match[1] ?? '').trim())
    .filter((alt) => fileName.test(alt));
}

/** `items` with the entry at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > items.length - 1) return [...items];
  next.splice(to, 0, moved);
  return next;
}

/** `items` with the entry at `index` replaced. */
export function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  return items.map((item, i) => (i === index ? value : item));
}

/** `items` without the entry at `index`. */
export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}
