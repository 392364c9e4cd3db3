import { strToU8, zipSync } from 'fflate';

/** A cell: text, a number, or nothing. */
export type TestCell = string | number | undefined;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') +
  String.fromCharCode(65 + (index % 26));

/**
 * Writes a minimal .xlsx workbook whose first sheet holds `rows` (row 1 first). Text goes to the
 * shared-string table, as Excel writes it, or inline with `inlineStrings`, as some exporters do.
 * Empty cells carry only a style, like the many formatted but empty rows of a template.
 */
export function xlsxFile(rows: TestCell[][], { inlineStrings = false } = {}): Uint8Array {
  const shared: string[] = [];
  const sheetRows = rows.map((cells, r) => {
    const xml = cells.map((value, c) => {
      const ref = `${columnName(c)}${r + 1}`;
      if (value === undefined) return `<c r="${ref}" s="1"/>`;
      if (typeof value === 'number') return `<c r="${ref}" t="n"><v>${value}</v></c>`;
      if (inlineStrings) return `<c r="${ref}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`;
      shared.push(value);
      return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
    });
    return `<row r="${r + 1}">${xml.join('')}</row>`;
  });
  const ns = 'http://schemas.openxmlformats.org';
  return zipSync({
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    ),
    'xl/sharedStrings.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}/spreadsheetml/2006/main">${shared.map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join('')}</sst>`,
    ),
  });
}

/** A question row of the Kahoot template: question, answers 1–4, time limit, correct answer(s). */
export type KahootTestRow = [
  question: TestCell,
  answer1: TestCell,
  answer2: TestCell,
  answer3: TestCell,
  answer4: TestCell,
  timeLimit: TestCell,
  correct: TestCell,
];

/**
 * A workbook laid out as Kahoot's quiz spreadsheet template: a title and instructions in column B,
 * the header on row 8, questions from row 9 numbered in column A, then formatted empty rows.
 */
export function kahootXlsx(questions: KahootTestRow[], options?: { inlineStrings?: boolean }) {
  const blank: TestCell[] = Array<TestCell>(8).fill(undefined);
  return xlsxFile(
    [
      blank,
      [undefined, 'Quiz template'],
      [
        undefined,
        'Add questions, at least two answer alternatives, time limit and choose correct answers (at least one).',
      ],
      [
        undefined,
        'Remember: questions have a limit of 120 characters and answers can have 75 characters max.',
      ],
      [undefined, 'See an example question below'],
      [undefined, 'If you are not using Excel you need to export to .xlsx format.'],
      blank,
      [
        undefined,
        'Question - max 120 characters',
        'Answer 1 - max 75 characters',
        'Answer 2 - max 75 characters',
        'Answer 3 - max 75 characters',
        'Answer 4 - max 75 characters',
        'Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs',
        'Correct answer(s) - choose at least one',
      ],
      ...questions.map((row, i): TestCell[] => [i + 1, ...row]),
      blank,
      blank,
    ],
    options,
  );
}
