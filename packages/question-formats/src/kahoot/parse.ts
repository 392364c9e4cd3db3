import type { ParseResult } from '../types';
import type { Draft, ItemRef } from '../shared/result';
import {
  addItem,
  emptyResult,
  failed,
  generatedId,
  itemIssue,
  tooLarge,
  tooManyItems,
} from '../shared/result';
import type { SheetRow } from './xlsx';
import { readFirstSheet } from './xlsx';

/** Where the template's columns are; Kahoot's own template puts its header on row 8. */
interface Columns {
  question: number;
  /** 1-based answer number → column. */
  answers: Map<number, number>;
  timeLimit: number | undefined;
  correct: number;
}

const MISSING_HEADER =
  'The spreadsheet has no header row naming the columns of the Kahoot quiz template: ' +
  'Question, Answer 1 … Answer 4, Time limit (sec) and Correct answer(s)';

const label = (text: string) => text.trim().toLowerCase();

function headerColumns(row: SheetRow): Columns | undefined {
  const columns: Columns = { question: -1, answers: new Map(), timeLimit: undefined, correct: -1 };
  for (const [column, text] of row.cells) {
    const name = label(text);
    const answer = /^answer\s*(\d+)/.exec(name);
    if (answer) columns.answers.set(Number(answer[1]), column);
    else if (name.startsWith('question')) columns.question = column;
    else if (name.startsWith('time limit')) columns.timeLimit = column;
    else if (name.startsWith('correct answer')) columns.correct = column;
  }
  return columns.question >= 0 && columns.correct >= 0 && columns.answers.size > 0
    ? columns
    : undefined;
}

/** `1`, `1.0` (a number cell) or `1,3`: the answer numbers, or undefined when unreadable. */
function answerNumbers(text: string): number[] | undefined {
  const parts = text.split(/[,;\s]+/).filter((p) => p !== '');
  const numbers = parts.map((p) => (/^\d+(\.0*)?$/.test(p) ? Number.parseInt(p, 10) : NaN));
  return numbers.some(Number.isNaN) ? undefined : [...new Set(numbers)];
}

type Body = { draft: Draft } | { error: string };

function question(row: SheetRow, columns: Columns): Body {
  const cell = (column: number | undefined) =>
    column === undefined ? '' : (row.cells.get(column) ?? '').trim();
  const stem = cell(columns.question);
  if (stem === '') return { error: 'the Question cell is empty' };
  const correctText = cell(columns.correct);
  if (correctText === '') {
    return {
      error: 'no correct answer: write the numbers of the right answers, such as 1 or 1,3',
    };
  }
  const answers = [...columns.answers]
    .sort(([a], [b]) => a - b)
    .map(([number, column]) => ({ number, text: cell(column) }))
    .filter((answer) => answer.text !== '');
  const numbers = answerNumbers(correctText);
  if (!numbers) {
    return {
      error: `Correct answer(s): "${correctText}" must be answer numbers separated by commas, such as 1 or 1,3`,
    };
  }
  const empty = numbers.find((n) => !answers.some((answer) => answer.number === n));
  if (empty !== undefined) return { error: `Correct answer(s): answer ${empty} is empty` };

  const texts = answers.map((answer) => label(answer.text)).sort();
  if (numbers.length === 1 && texts.length === 2 && texts[0] === 'false' && texts[1] === 'true') {
    const right = answers.find((answer) => answer.number === numbers[0]);
    return { draft: { type: 'true_false', stem, answer: label(right?.text ?? '') === 'true' } };
  }
  return {
    draft: {
      type: numbers.length === 1 ? 'single_choice' : 'multiple_response',
      stem,
      options: answers.map((answer, i) => ({
        id: generatedId(i),
        text: answer.text,
        correct: numbers.includes(answer.number),
      })),
    },
  };
}

/**
 * Reads a Kahoot quiz spreadsheet: the rows under the template's header row, one question each.
 * Empty rows (the template has many) are skipped; Questa has no time limit, so it is not kept.
 */
export function parseKahootXlsx(input: Uint8Array): ParseResult {
  const large = tooLarge(input.byteLength);
  if (large) return large;
  const sheet = readFirstSheet(input);
  if (!sheet.ok) return failed(sheet.error);
  const headerIndex = sheet.rows.findIndex((row) => headerColumns(row) !== undefined);
  const header = sheet.rows[headerIndex];
  const columns = header && headerColumns(header);
  if (!columns) return failed(MISSING_HEADER);

  const filled = [columns.question, columns.correct, ...columns.answers.values()];
  const rows = sheet.rows
    .slice(headerIndex + 1)
    .filter((row) => filled.some((column) => row.cells.has(column)));
  const refused = tooManyItems(rows.length);
  if (refused) return refused;

  const result = emptyResult();
  rows.forEach((row, index) => {
    const ref: ItemRef = { item: index + 1, row: row.row };
    result.total += 1;
    const parsed = question(row, columns);
    if ('error' in parsed) result.errors.push(itemIssue(ref, parsed.error));
    else addItem(result, ref, parsed.draft);
  });
  const timed = columns.timeLimit;
  if (timed !== undefined && rows.some((row) => row.cells.has(timed))) {
    result.warnings.push({
      message: 'Time limits are not kept: Questa questions have no time limit',
    });
  }
  return result;
}
