import type { ExchangeFormat, ImportFormat, QuestionContent } from '@questa/contracts';
import { parseAiken } from './aiken/parse';
import { parseCsv } from './csv/parse';
import { serializeCsv } from './csv/serialize';
import { parseGift } from './gift/parse';
import { serializeGift } from './gift/serialize';
import { parseKahootXlsx } from './kahoot/parse';
import { parseMoodleXml } from './moodle-xml/parse';
import { serializeMoodleXml } from './moodle-xml/serialize';
import { parseQtiPackage } from './qti/parse';
import { serializeQtiPackage } from './qti/serialize';
import type { ExportMedia, ExportPassage, ParseResult, SerializeResult } from './types';

/** Reads an import file. Pure: the caller stores the items and the media it returns. */
export function parseQuestions(format: ImportFormat, input: Uint8Array): ParseResult {
  switch (format) {
    case 'gift':
      return parseGift(input);
    case 'moodle_xml':
      return parseMoodleXml(input);
    case 'qti':
      return parseQtiPackage(input);
    case 'csv':
      return parseCsv(input);
    case 'kahoot_xlsx':
      return parseKahootXlsx(input);
    case 'aiken':
      return parseAiken(input);
  }
}

/**
 * Writes an export file; `media` supplies the image files a QTI package packs, and `passages` the
 * passage of each question (by index), whose questions come one after another.
 */
export function serializeQuestions(
  format: ExchangeFormat,
  contents: QuestionContent[],
  media: ExportMedia[] = [],
  passages: readonly (ExportPassage | null | undefined)[] = [],
): SerializeResult {
  switch (format) {
    case 'gift':
      return serializeGift(contents, passages);
    case 'moodle_xml':
      return serializeMoodleXml(contents, media, passages);
    case 'qti':
      return serializeQtiPackage(contents, media, passages);
    case 'csv':
      return serializeCsv(contents);
  }
}
