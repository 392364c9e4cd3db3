/** The question file formats Questa imports and exports. */
export const exchangeFormats = ['gift', 'moodle_xml', 'qti', 'csv'] as const;
export type ExchangeFormat = (typeof exchangeFormats)[number];

/** Files Questa reads but never writes: Kahoot spreadsheets and Moodle's one-line Aiken format. */
export const importOnlyFormats = ['kahoot_xlsx', 'aiken'] as const;
export const importFormats = [...exchangeFormats, ...importOnlyFormats] as const;
export type ImportFormat = (typeof importFormats)[number];

/** Question files an author may import at once. */
export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxQuestions: 10_000,
} as const;

/**
 * Media an author may upload, per kind; the server checks the bytes, not the name. Sound and
 * film are larger than pictures, so each kind has its own ceiling; the upload route's body limit
 * is the largest of them.
 */
export const MEDIA_LIMITS = {
  image: {
    maxBytes: 5 * 1024 * 1024,
    contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'],
  },
  audio: {
    maxBytes: 10 * 1024 * 1024,
    contentTypes: ['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/mp4'],
  },
  video: {
    maxBytes: 25 * 1024 * 1024,
    contentTypes: ['video/mp4', 'video/webm'],
  },
} as const;
export type MediaKind = keyof typeof MEDIA_LIMITS;
export type UploadContentType = (typeof MEDIA_LIMITS)[MediaKind]['contentTypes'][number];

export const UPLOAD_LIMITS = {
  maxBytes: Math.max(
    MEDIA_LIMITS.image.maxBytes,
    MEDIA_LIMITS.audio.maxBytes,
    MEDIA_LIMITS.video.maxBytes,
  ),
  contentTypes: [
    ...MEDIA_LIMITS.image.contentTypes,
    ...MEDIA_LIMITS.audio.contentTypes,
    ...MEDIA_LIMITS.video.contentTypes,
  ],
} as const;

export function mediaKindOf(contentType: string): MediaKind | undefined {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType.startsWith('video/')) return 'video';
  return undefined;
}

/**
 * How Markdown names Questa media: `![description](media:<sha256>)` for an image, and the same
 * with `#audio` or `#video` after the hash for a sound or a film, so a reader (the web client, a
 * plain-text excerpt, an exporter) knows which player to show without asking the server.
 */
export function mediaReference(sha256: string, contentType: string): string {
  const kind = mediaKindOf(contentType);
  return kind === 'audio' || kind === 'video' ? `media:${sha256}#${kind}` : `media:${sha256}`;
}

/** A whole `media:` address: the hash, then `audio` or `video` when it names one. */
export const MEDIA_ADDRESS = /^media:([0-9a-f]{64})(?:#(audio|video))?$/;
