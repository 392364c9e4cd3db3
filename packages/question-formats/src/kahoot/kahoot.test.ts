import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@questa/contracts/rules';
import { parseKahootXlsx as parse } from './parse';
import { kahootXlsx, xlsxFile, type KahootTestRow } from '../testing/xlsx';

const options = (...rows: [string, boolean][]) =>
  rows.map(([text, correct], i) => ({ id: String.fromCharCode(97 + i), text, correct }));

describe('Kahoot quiz spreadsheet', () => {
  it('reads a workbook written by another spreadsheet library in the template layout', () => {
    const file = readFileSync(new URL('./fixtures/exceljs-template-layout.xlsx', import.meta.url));
    const result = parse(file);
    expect(result.total).toBe(5);
    expect(result.items.map((item) => item.content)).toMatchObject([
      {
        type: 'single_choice',
        stem: 'Which planet is known as the red planet?',
        options: options(['Venus', false], ['Mars', true], ['Jupiter', false], ['Mercury', false]),
      },
      {
        type: 'multiple_response',
        options: options(['2', true], ['4', false], ['7', true], ['9', false]),
      },
      { type: 'true_false', stem: 'Water boils at 100 °C at sea level.', answer: true },
      {
        type: 'single_choice',
        stem: 'Fish & chips < pizza?',
        options: options(['Yes', true], ['No', false]),
      },
    ]);
    expect(result.errors).toEqual([
      {
        item: 5,
        message:
          'Question 5 (row 14): no correct answer: write the numbers of the right answers, such as 1 or 1,3',
      },
    ]);
    expect(result.warnings).toHaveLength(1);
  });

  it('reads one question per row under the template header', () => {
    const result = parse(
      kahootXlsx([
        ['What is the capital of France?', 'Lyon', 'Paris', 'Nice', 'Lille', 20, 2],
        ['Which are primes?', '2', '4', '5', '9', 30, '1,3'],
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.total).toBe(2);
    expect(result.items.map((item) => item.content)).toMatchObject([
      {
        type: 'single_choice',
        stem: 'What is the capital of France?',
        topic: 'General',
        difficulty: 3,
        options: options(['Lyon', false], ['Paris', true], ['Nice', false], ['Lille', false]),
      },
      {
        type: 'multiple_response',
        stem: 'Which are primes?',
        options: options(['2', true], ['4', false], ['5', true], ['9', false]),
      },
    ]);
  });

  it('reads inline strings and correct answers written as "1, 3" or as a number cell', () => {
    const result = parse(
      kahootXlsx(
        [
          ['Pick two', 'a', 'b', 'c', undefined, undefined, '1, 3'],
          ['Pick one', 'a', 'b', undefined, undefined, undefined, 2],
          // Apache POI, behind many template generators, writes whole numbers as 2.0.
          ['Pick again', 'a', 'b', undefined, undefined, undefined, '2.0'],
        ],
        { inlineStrings: true },
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.items.map((item) => item.content.type)).toEqual([
      'multiple_response',
      'single_choice',
      'single_choice',
    ]);
  });

  it('reads two answers True and False as a true/false question', () => {
    const result = parse(
      kahootXlsx([
        ['The Nile flows north.', 'True', 'False', undefined, undefined, 10, 1],
        ['Fish can fly.', 'true', 'FALSE', undefined, undefined, 10, 1],
        ['Either way', 'True', 'False', undefined, undefined, 10, '1,2'],
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.items.map((item) => item.content)).toMatchObject([
      { type: 'true_false', stem: 'The Nile flows north.', answer: true },
      { type: 'true_false', stem: 'Fish can fly.', answer: true },
      { type: 'multiple_response', options: options(['True', true], ['False', true]) },
    ]);
    const falseFirst = parse(kahootXlsx([['Ice sinks.', 'True', 'False', '', '', 5, 2]]));
    expect(falseFirst.items[0]?.content).toMatchObject({ type: 'true_false', answer: false });
  });

  it('skips empty answer columns and renumbers the options', () => {
    const result = parse(kahootXlsx([['Gap', 'one', undefined, 'three', undefined, 20, 3]]));
    expect(result.items[0]?.content).toMatchObject({
      type: 'single_choice',
      options: options(['one', false], ['three', true]),
    });
  });

  it('skips empty rows, including the formatted ones a template carries', () => {
    const result = parse(
      kahootXlsx([
        ['First', 'a', 'b', undefined, undefined, 20, 1],
        [undefined, undefined, undefined, undefined, undefined, undefined, undefined],
        ['Second', 'a', 'b', undefined, undefined, 20, 2],
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.items.map((item) => [item.item, item.content.stem])).toEqual([
      [1, 'First'],
      [2, 'Second'],
    ]);
  });

  it('names the row of a question without a correct answer, without a question or pointing at an empty answer', () => {
    const result = parse(
      kahootXlsx([
        ['Fine', 'a', 'b', undefined, undefined, 20, 1],
        ['No answer marked', 'a', 'b', undefined, undefined, 20, undefined],
        [undefined, 'a', 'b', undefined, undefined, 20, 1],
        ['Points at nothing', 'a', 'b', undefined, undefined, 20, 4],
        ['Not a number', 'a', 'b', undefined, undefined, 20, 'b'],
      ]),
    );
    expect(result.items).toHaveLength(1);
    expect(result.total).toBe(5);
    expect(result.errors).toEqual([
      {
        item: 2,
        message:
          'Question 2 (row 10): no correct answer: write the numbers of the right answers, such as 1 or 1,3',
      },
      { item: 3, message: 'Question 3 (row 11): the Question cell is empty' },
      { item: 4, message: 'Question 4 (row 12): Correct answer(s): answer 4 is empty' },
      {
        item: 5,
        message:
          'Question 5 (row 13): Correct answer(s): "b" must be answer numbers separated by commas, such as 1 or 1,3',
      },
    ]);
  });

  it('validates against the question schema: one answer is not enough', () => {
    const result = parse(kahootXlsx([['Lonely', 'only', undefined, undefined, undefined, 20, 1]]));
    expect(result.items).toEqual([]);
    expect(result.errors[0]?.message).toMatch(/^Question 1 \(row 9\): options: /);
  });

  it('warns once that time limits are not kept', () => {
    const timed = parse(
      kahootXlsx([
        ['One', 'a', 'b', undefined, undefined, 20, 1],
        ['Two', 'a', 'b', undefined, undefined, 60, 1],
      ]),
    );
    expect(timed.warnings).toEqual([
      { message: 'Time limits are not kept: Questa questions have no time limit' },
    ]);
    const untimed = parse(kahootXlsx([['One', 'a', 'b', undefined, undefined, undefined, 1]]));
    expect(untimed.warnings).toEqual([]);
  });

  it('finds the header wherever it is and reads answer columns beyond four', () => {
    const result = parse(
      xlsxFile([
        [
          'Question',
          'Answer 1',
          'Answer 2',
          'Answer 3',
          'Answer 4',
          'Answer 5',
          'Answer 6',
          'Time limit (sec)',
          'Correct answer(s)',
        ],
        ['Six sides?', 'a', 'b', 'c', 'd', 'e', 'hexagon', 20, 6],
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({ type: 'single_choice' });
    expect(
      result.items[0]?.content.type === 'single_choice' && result.items[0].content.options[5],
    ).toEqual({ id: 'f', text: 'hexagon', correct: true });
  });

  it('refuses a sheet without the template header', () => {
    const result = parse(
      xlsxFile([
        ['Name', 'Score'],
        ['Ada', 3],
      ]),
    );
    expect(result.errors).toEqual([
      {
        message:
          'The spreadsheet has no header row naming the columns of the Kahoot quiz template: Question, Answer 1 … Answer 4, Time limit (sec) and Correct answer(s)',
      },
    ]);
  });

  it.each([
    ['a text file', strToU8('Question,Answer 1\nx,y'), 'The file is not an Excel workbook (.xlsx)'],
    [
      'a truncated workbook',
      kahootXlsx([['Q', 'a', 'b', '', '', 5, 1]]).slice(0, 200),
      'The file is not an Excel workbook (.xlsx)',
    ],
    [
      'a zip that is no workbook',
      zipSync({ 'readme.txt': strToU8('hello') }),
      'The file is not an Excel workbook (.xlsx)',
    ],
    [
      'a legacy .xls file',
      Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
      'The file is an old-style Excel workbook (.xls) or is password-protected; save it as an unprotected .xlsx workbook',
    ],
  ])('refuses %s with one error', (_name, bytes, message) => {
    const result = parse(bytes);
    expect(result).toEqual({ items: [], errors: [{ message }], warnings: [], total: 0, media: [] });
  });

  it('refuses a workbook whose sheet is not XML', () => {
    const bytes = zipSync({
      'xl/workbook.xml': strToU8('<workbook><sheets><sheet r:id="rId1"/></sheets></workbook>'),
      'xl/worksheets/sheet1.xml': strToU8('<worksheet><sheetData><row>'),
    });
    expect(parse(bytes).errors).toEqual([{ message: 'The file is not an Excel workbook (.xlsx)' }]);
  });

  it('holds the import limits', () => {
    expect(parse(new Uint8Array(IMPORT_LIMITS.maxBytes + 1)).errors).toEqual([
      { message: 'The file is larger than the 20 MB import limit' },
    ]);
    const many = Array.from({ length: IMPORT_LIMITS.maxQuestions + 1 }, (_, i): KahootTestRow => [
      `Q${i}`,
      'a',
      'b',
      undefined,
      undefined,
      undefined,
      1,
    ]);
    const result = parse(kahootXlsx(many));
    expect(result.total).toBe(0);
    expect(result.errors).toEqual([
      { message: 'The file has 10,001 questions; at most 10,000 can be imported at once' },
    ]);
  });
});
