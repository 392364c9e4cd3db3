import { exchangeFormats } from '@questa/contracts';
import type { ExchangeFormat } from '@questa/contracts';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@questa/contracts/rules';
import { parseQuestions } from './index';

const { maxBytes: MAX_IMPORT_BYTES, maxQuestions: MAX_IMPORT_ITEMS } = IMPORT_LIMITS;

const encode = (text: string) => new TextEncoder().encode(text);
const HEADER = 'type,stem,options,correct,explanation,topic,tags,difficulty';

const giftFile = (count: number) => {
  const kinds = [
    (i: number) => `::Q${i}:: What is ${i} + 1? {=${i + 1} ~${i + 2} ~${i}}`,
    (i: number) =>
      `$CATEGORY: Topic ${i % 7}\n\n// [tag:t${i % 3}]\nIs ${i} even? {${i % 2 === 0 ? 'T' : 'F'}####Parity.}`,
    (i: number) => `Type ${i}. {=${i} =n${i}}`,
    (i: number) => `Half of ${i * 2}? {#${i}:0.5}`,
    (i: number) => `Match. {=a${i} -> b =c${i} -> d}`,
    (i: number) => `The number {=${i} ~${i + 1}} comes first.`,
  ];
  return Array.from({ length: count }, (_, i) =>
    (kinds[i % kinds.length] as (i: number) => string)(i),
  ).join('\n\n');
};

describe('file limits', () => {
  // GIFT reads such bytes as Windows-1252 with a warning (see its tests).
  it.each(['moodle_xml', 'csv'] as const)('%s: Latin-1 bytes are not UTF-8 text', (format) => {
    const latin1 = Uint8Array.from(
      [...'Caf', 0xe9, ...' {T}'].map((c) => (typeof c === 'number' ? c : c.charCodeAt(0))),
    );
    expect(parseQuestions(format, latin1).errors).toEqual([
      { message: 'The file is not valid UTF-8 text' },
    ]);
  });

  it('accepts a UTF-8 byte-order mark', () => {
    const result = parseQuestions(
      'gift',
      Uint8Array.from([0xef, 0xbb, 0xbf, ...encode('Café? {T}')]),
    );
    expect(result.items[0]?.content.stem).toBe('Café?');
  });

  it.each(['gift', 'moodle_xml', 'qti', 'csv'] as const)(
    '%s: refuses files over 20 MB',
    (format) => {
      const result = parseQuestions(format, new Uint8Array(MAX_IMPORT_BYTES + 1));
      expect(result.items).toEqual([]);
      expect(result.errors).toEqual([
        { message: 'The file is larger than the 20 MB import limit' },
      ]);
    },
  );

  const over = MAX_IMPORT_ITEMS + 1;
  const tooMany: Record<ExchangeFormat, () => Uint8Array> = {
    gift: () => encode(Array.from({ length: over }, (_, i) => `Q${i}{T}`).join('\n\n')),
    moodle_xml: () =>
      encode(
        `<quiz>${'<question type="truefalse"><questiontext><text>x</text></questiontext></question>'.repeat(over)}</quiz>`,
      ),
    csv: () => encode(`${HEADER}\n${'true_false,x,,true,,,,\n'.repeat(over)}`),
    qti: () =>
      zipSync({
        'imsmanifest.xml': strToU8(
          `<manifest><resources>${Array.from({ length: over }, (_, i) => `<resource identifier="i${i}" type="imsqti_item_xmlv3p0" href="i${i}.xml"/>`).join('')}</resources></manifest>`,
        ),
      }),
  };
  it.each(exchangeFormats)('%s: refuses 10,001 questions', (format) => {
    const result = parseQuestions(format, tooMany[format]());
    expect(result.items).toEqual([]);
    expect(result.total).toBe(0);
    expect(result.errors).toEqual([
      { message: 'The file has 10,001 questions; at most 10,000 can be imported at once' },
    ]);
  });

  it('parses a 10,000-question GIFT file', () => {
    const result = parseQuestions('gift', encode(giftFile(MAX_IMPORT_ITEMS)));
    expect(result.errors).toEqual([]);
    expect(result.items).toHaveLength(MAX_IMPORT_ITEMS);
    expect(new Set(result.items.map((i) => i.content.type))).toEqual(
      new Set(['single_choice', 'true_false', 'short_text', 'numeric', 'matching', 'cloze']),
    );
  });
});

describe('long options', () => {
  // Moodle sets no length on an answer; a paragraph-long option is a real file's, not an error.
  const long = `${'A reading of the passage that runs on. '.repeat(40)}End.`;

  it('keeps an option of 1,500 characters from GIFT and Moodle XML', () => {
    expect(long.length).toBeGreaterThan(1_500);
    const gift = parseQuestions('gift', encode(`Which reading? {=${long} ~Another}`));
    const moodle = parseQuestions(
      'moodle_xml',
      encode(
        `<quiz><question type="multichoice"><questiontext><text>Which reading?</text></questiontext><answer fraction="100"><text>${long}</text></answer><answer fraction="0"><text>Another</text></answer></question></quiz>`,
      ),
    );
    for (const result of [gift, moodle]) {
      expect(result.errors).toEqual([]);
      expect(result.items[0]?.content).toMatchObject({ options: [{ text: long }, {}] });
    }
  });
});
