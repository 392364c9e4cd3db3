import { questionTypes } from '@questa/contracts';
import type { QuestionType } from '@questa/contracts';
import type { ParseResult } from '../types';
import type { Draft } from '../shared/result';
import {
  addItem,
  emptyResult,
  failed,
  generatedId,
  itemIssue,
  parseNumber,
  tooLarge,
  tooManyItems,
} from '../shared/result';
import { decodeUtf8, NOT_UTF8 } from '../shared/text';
import type { Column } from './format';
import {
  COLUMNS,
  entriesCell,
  EXTRA_COLUMNS,
  listCell,
  readCsv,
  splitCell,
  unescapeCell,
} from './format';

const ALL_COLUMNS: readonly string[] = [...COLUMNS, ...EXTRA_COLUMNS];

type Cells = Record<Column, string>;
type Body = { draft: Draft } | { error: string };

function indexes(text: string, count: number): number[] | string {
  const parts = listCell(text);
  const numbers = parts.map((p) => (/^\d+$/.test(p) ? Number(p) - 1 : -1));
  if (parts.length === 0 || numbers.some((n) => n < 0 || n >= count)) {
    return `correct: "${text}" must be 1-based option numbers between 1 and ${count}, separated by |`;
  }
  return numbers;
}

function blank(spec: string): Extract<Draft, { type: 'cloze' }>['blanks'][number] | string {
  const [id = '', kind = '', list = '', last, ...extra] = splitCell(spec, ':').map((p) => p.trim());
  const values = splitCell(list, '/').map((v) => unescapeCell(v).trim());
  if (kind === 'text' && extra.length === 0 && (last === undefined || last === 'case-sensitive')) {
    return {
      id: unescapeCell(id),
      kind: 'text',
      accepted: values,
      caseSensitive: last === 'case-sensitive',
    };
  }
  if (kind === 'choice' && extra.length === 0 && last !== undefined && /^\d+$/.test(last)) {
    return { id: unescapeCell(id), kind: 'choice', options: values, correct: Number(last) - 1 };
  }
  return `options: "${spec}" is not a blank (id:text:answer/answer or id:choice:a/b/c:2)`;
}

/** Per-option credits and feedback, or why the credit or feedback cell does not fit the options. */
function optionExtras(c: Cells, count: number): { credit?: number; feedback?: string }[] | string {
  const credits = entriesCell(c.credit);
  const feedback = entriesCell(c.feedback);
  for (const [name, list] of [
    ['credit', credits],
    ['feedback', feedback],
  ] as const) {
    if (list.length > 0 && list.length !== count) {
      return `${name}: ${list.length} entries for ${count} options; leave an entry empty, not out`;
    }
  }
  const extras: { credit?: number; feedback?: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const written = credits[i] ?? '';
    const percent = written === '' ? undefined : parseNumber(written.replace(/%$/, ''));
    if (percent !== undefined && Number.isNaN(percent)) {
      return `credit: "${written}" is not a percentage such as 50 or -25`;
    }
    const text = feedback[i] ?? '';
    extras.push({
      ...(percent === undefined ? {} : { credit: Number((percent / 100).toFixed(7)) }),
      ...(text === '' ? {} : { feedback: text }),
    });
  }
  return extras;
}

/**
 * Credits of accepted answers from the credit cell, in percent, an empty entry for 100 %: undefined
 * when every answer is fully right, or why the cell does not fit.
 */
function answerCredits(c: Cells, count: number): number[] | undefined | string {
  const written = entriesCell(c.credit);
  if (written.length === 0) return undefined;
  if (written.length !== count) {
    return `credit: ${written.length} entries for ${count} answers; leave an entry empty, not out`;
  }
  const credits: number[] = [];
  for (const entry of written) {
    const percent = entry === '' ? 100 : parseNumber(entry.replace(/%$/, ''));
    if (Number.isNaN(percent)) return `credit: "${entry}" is not a percentage such as 50`;
    credits.push(Number((percent / 100).toFixed(7)));
  }
  return credits.every((credit) => credit === 1) ? undefined : credits;
}

/** `value`, `value±tolerance` (or `value+-tolerance`), or undefined when it is neither. */
function numberWithin(text: string): { value: number; tolerance: number } | undefined {
  const separator = /±|\+\/?-/.exec(text);
  const value = parseNumber(separator ? text.slice(0, separator.index) : text);
  const tolerance = separator ? parseNumber(text.slice(separator.index + separator[0].length)) : 0;
  return Number.isNaN(value) || Number.isNaN(tolerance) ? undefined : { value, tolerance };
}

function body(type: QuestionType, c: Cells): Body {
  const stem = c.stem;
  const options = listCell(c.options);
  switch (type) {
    case 'single_choice':
    case 'multiple_response': {
      const byText = options.indexOf(c.correct.trim());
      const right =
        type === 'single_choice' && byText !== -1 && !/^\d+$/.test(c.correct.trim())
          ? [byText]
          : indexes(c.correct, options.length);
      if (typeof right === 'string') return { error: right };
      const extras = optionExtras(c, options.length);
      if (typeof extras === 'string') return { error: extras };
      return {
        draft: {
          type,
          stem,
          options: options.map((text, i) => ({
            id: generatedId(i),
            text,
            correct: right.includes(i),
            ...extras[i],
          })),
        },
      };
    }
    case 'true_false': {
      const answer = c.correct.trim().toLowerCase();
      if (answer !== 'true' && answer !== 'false') return { error: 'correct: write true or false' };
      return { draft: { type, stem, answer: answer === 'true' } };
    }
    case 'short_text': {
      const unknown = options.find((f) => f !== 'case-sensitive' && f !== 'exact-whitespace');
      if (unknown)
        return { error: `options: "${unknown}" is not a flag (case-sensitive, exact-whitespace)` };
      const accepted = listCell(c.correct);
      const credits = answerCredits(c, accepted.length);
      if (typeof credits === 'string') return { error: credits };
      return {
        draft: {
          type,
          stem,
          accepted,
          ...(credits ? { credits } : {}),
          caseSensitive: options.includes('case-sensitive'),
          whitespace: options.includes('exact-whitespace') ? 'exact' : 'collapse',
        },
      };
    }
    case 'numeric': {
      const answers = listCell(c.correct).map(numberWithin);
      const [key, ...others] = answers;
      const bad = answers.findIndex((a) => a === undefined);
      if (!key || bad !== -1) {
        const written = listCell(c.correct)[bad] ?? c.correct;
        return { error: `correct: "${written}" is not a number or number±tolerance` };
      }
      const credits = answerCredits(c, answers.length);
      if (typeof credits === 'string') return { error: credits };
      if (credits && credits[0] !== 1) {
        return { error: 'credit: the first answer is the one learners are shown, worth 100 %' };
      }
      const alternatives = others.map((a, i) => ({ ...a!, credit: credits?.[i + 1] ?? 1 }));
      const unit = unescapeCell(c.options).trim();
      return {
        draft: {
          type,
          stem,
          ...key,
          ...(alternatives.length > 0 ? { alternatives } : {}),
          ...(unit ? { unit } : {}),
        },
      };
    }
    case 'ordering':
      return {
        draft: { type, stem, items: options.map((text, i) => ({ id: generatedId(i), text })) },
      };
    case 'matching': {
      const pairs =
        c.options.trim() === '' ? [] : splitCell(c.options, '|').map((p) => splitCell(p, '=>'));
      const bad = pairs.find((p) => p.length !== 2);
      if (bad) return { error: `options: "${bad.join('=>')}" is not a prompt=>answer pair` };
      return {
        draft: {
          type,
          stem,
          pairs: pairs.map(([prompt = '', answer = ''], i) => ({
            id: generatedId(i),
            prompt: unescapeCell(prompt),
            answer: unescapeCell(answer),
          })),
        },
      };
    }
    case 'cloze': {
      const blanks = c.options.trim() === '' ? [] : splitCell(c.options, '|').map(blank);
      const bad = blanks.find((b) => typeof b === 'string');
      if (typeof bad === 'string') return { error: bad };
      return {
        draft: { type, stem, blanks: blanks as Exclude<(typeof blanks)[number], string>[] },
      };
    }
    case 'hotspot':
      return { error: 'type: hotspot questions need an image and regions, which CSV cannot hold' };
    case 'calculated':
      return {
        error:
          'type: CSV cannot carry calculated questions (variables and a formula); use Moodle XML',
      };
    case 'essay':
      return {
        draft: {
          type,
          stem,
          rubric: unescapeCell(c.options).trim(),
          modelAnswer: unescapeCell(c.correct).trim(),
        },
      };
  }
}

/** Parses Questa's CSV format; the conventions are described in `format.ts`. */
export function parseCsv(input: Uint8Array): ParseResult {
  const large = tooLarge(input.byteLength);
  if (large) return large;
  const text = decodeUtf8(input);
  if (text === undefined) return failed(NOT_UTF8);
  const read = readCsv(text);
  if (!read.ok) return failed(`Line ${read.line}: ${read.message}`, read.line);
  const [header, ...rows] = read.rows;
  if (!header) return failed('The file is empty: it needs a header row and one row per question');
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const missing = ['type', 'stem'].filter((n) => !names.includes(n));
  if (missing.length > 0) {
    return failed(
      `Line ${header.line}: the header row must name the columns ${COLUMNS.join(',')} (missing ${missing.join(', ')})`,
      header.line,
    );
  }
  const duplicate = names.find((n, i) => n !== '' && names.indexOf(n) !== i);
  if (duplicate)
    return failed(`Line ${header.line}: the column ${duplicate} appears twice`, header.line);
  const refused = tooManyItems(rows.length);
  if (refused) return refused;
  const result = emptyResult();
  const unknown = names.filter((n) => !ALL_COLUMNS.includes(n));
  if (unknown.length > 0)
    result.warnings.push({
      line: header.line,
      message: `Line ${header.line}: columns ${unknown.join(', ')} are ignored`,
    });
  rows.forEach((row, index) => {
    const ref = { item: index + 1, line: row.line };
    result.total += 1;
    if (row.cells.length !== names.length) {
      result.errors.push(
        itemIssue(ref, `expected ${names.length} fields, found ${row.cells.length}`),
      );
      return;
    }
    const cells = Object.fromEntries(
      ALL_COLUMNS.map((col) => [col, row.cells[names.indexOf(col)] ?? '']),
    ) as Cells;
    const type = cells.type.trim() as QuestionType;
    if (!questionTypes.includes(type)) {
      result.errors.push(
        itemIssue(ref, `type: "${cells.type}" is not one of ${questionTypes.join(', ')}`),
      );
      return;
    }
    const parsed = body(type, cells);
    if ('error' in parsed) {
      result.errors.push(itemIssue(ref, parsed.error));
      return;
    }
    const choice = type === 'single_choice' || type === 'multiple_response';
    const credited = choice || type === 'short_text' || type === 'numeric';
    if (!choice && cells.feedback.trim()) {
      result.warnings.push(itemIssue(ref, 'feedback is read for choice questions only'));
    }
    if (!credited && cells.credit.trim()) {
      result.warnings.push(
        itemIssue(ref, 'credit is read for choice, short-text and numeric questions only'),
      );
    }
    const difficulty = cells.difficulty.trim();
    const hints = listCell(cells.hints);
    addItem(result, ref, {
      ...parsed.draft,
      ...(hints.length > 0 ? { hints } : {}),
      explanation: cells.explanation,
      topic: cells.topic,
      tags: listCell(cells.tags),
      difficulty: difficulty === '' ? undefined : Number(difficulty),
    } as Draft);
  });
  return result;
}
