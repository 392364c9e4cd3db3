import type { ImportFormat } from '@questa/contracts';

const byExtension: Record<string, ImportFormat> = {
  gift: 'gift',
  txt: 'gift',
  xml: 'moodle_xml',
  zip: 'qti',
  csv: 'csv',
  xlsx: 'kahoot_xlsx',
};

/** The import format a file name suggests, or undefined when its extension says nothing. */
export function guessFormat(fileName: string): ImportFormat | undefined {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension ? byExtension[extension] : undefined;
}

/** How much of a `.txt` file is read to tell GIFT from Aiken. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * GIFT or Aiken, for a `.txt` file, from its first part. Both are plain text; Aiken is options
 * lettered `A.` or `A)` with an `ANSWER: X` line after them, and no GIFT answer block in braces.
 */
export function guessTextFormat(head: string): 'gift' | 'aiken' {
  const aikenAnswer = /^ANSWER:\s*[A-Z]\s*$/m.test(head);
  const aikenOption = /^[A-Z][.)]\s+\S/m.test(head);
  // An unescaped brace opens a GIFT answer block; Aiken has no use for braces.
  const giftBlock = /(^|[^\\])\{/.test(head);
  return aikenAnswer && aikenOption && !giftBlock ? 'aiken' : 'gift';
}
