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
