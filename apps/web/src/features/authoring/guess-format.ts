import type { ExchangeFormat } from '@questa/contracts';

const byExtension: Record<string, ExchangeFormat> = {
  gift: 'gift',
  txt: 'gift',
  xml: 'moodle_xml',
  zip: 'qti',
  csv: 'csv',
};

/** The exchange format a file name suggests, or undefined when its extension says nothing. */
export function guessFormat(fileName: string): ExchangeFormat | undefined {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension ? byExtension[extension] : undefined;
}
