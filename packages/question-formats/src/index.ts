export type {
  ExportMedia,
  ExportPassage,
  ImportedPassage,
  ImportedItem,
  ImportedMedia,
  ParseResult,
  SerializeResult,
} from './types';
export { parseQuestions, serializeQuestions } from './formats';
export { parseGift } from './gift/parse';
export { serializeGift } from './gift/serialize';
export { parseMoodleXml } from './moodle-xml/parse';
export { serializeMoodleXml } from './moodle-xml/serialize';
export { parseQtiPackage } from './qti/parse';
export { serializeQtiPackage } from './qti/serialize';
export { parseCsv } from './csv/parse';
export { serializeCsv } from './csv/serialize';
export { parseKahootXlsx } from './kahoot/parse';
export { parseAiken } from './aiken/parse';
