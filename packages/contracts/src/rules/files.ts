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

/** Media an author may upload; the server checks the bytes, not the name. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'],
} as const;
export type UploadContentType = (typeof UPLOAD_LIMITS.contentTypes)[number];
