import { questionContent } from '@questa/contracts';
import type { ImportIssue, QuestionContentInput } from '@questa/contracts';
import { IMPORT_LIMITS } from '@questa/contracts/rules';
import type { ParseResult } from '../types';
import { mediaReferences } from './media';

export const DEFAULT_TOPIC = 'General';
export const DEFAULT_DIFFICULTY = 3;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a parser builds before validation: topic and difficulty may be missing (defaults apply). */
export type Draft = DistributiveOmit<QuestionContentInput, 'topic' | 'difficulty'> & {
  topic?: string | undefined;
  difficulty?: number | undefined;
};

/** Where a question came from, for messages: its position and its line, spreadsheet row or file. */
export interface ItemRef {
  item: number;
  line?: number;
  row?: number;
  file?: string;
}

export function emptyResult(): ParseResult {
  return { items: [], errors: [], warnings: [], total: 0, media: [] };
}

/** A result with one file-level error and nothing parsed. */
export function failed(message: string, line?: number): ParseResult {
  const result = emptyResult();
  result.errors.push(line === undefined ? { message } : { line, message });
  return result;
}

export function tooLarge(bytes: number): ParseResult | undefined {
  if (bytes <= IMPORT_LIMITS.maxBytes) return undefined;
  return failed(
    `The file is larger than the ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB import limit`,
  );
}

export function tooManyItems(count: number): ParseResult | undefined {
  if (count <= IMPORT_LIMITS.maxQuestions) return undefined;
  const n = (x: number) => x.toLocaleString('en-US');
  return failed(
    `The file has ${n(count)} questions; at most ${n(IMPORT_LIMITS.maxQuestions)} can be imported at once`,
  );
}

export function itemIssue(ref: ItemRef, message: string): ImportIssue {
  const place =
    ref.line !== undefined
      ? ` (line ${ref.line})`
      : ref.row !== undefined
        ? ` (row ${ref.row})`
        : ref.file
          ? ` (${ref.file})`
          : '';
  const issue: ImportIssue = {
    item: ref.item,
    message: `Question ${ref.item}${place}: ${message}`,
  };
  if (ref.line !== undefined) issue.line = ref.line;
  return issue;
}

/** Fills the defaults a format lacks, validates against the shared schema and records the outcome. */
export function addItem(result: ParseResult, ref: ItemRef, draft: Draft): void {
  const parsed = questionContent.safeParse({
    ...draft,
    topic: draft.topic?.trim() || DEFAULT_TOPIC,
    difficulty: draft.difficulty ?? DEFAULT_DIFFICULTY,
    media: draft.media ?? mediaReferences(draft),
  });
  if (parsed.success) {
    const item = { content: parsed.data, item: ref.item };
    result.items.push(ref.line === undefined ? item : { ...item, line: ref.line });
    return;
  }
  const details = parsed.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  result.errors.push(itemIssue(ref, details.join('; ')));
}

/** Option, item and pair ids a format cannot carry: a, b, c … as the demo content uses. */
export function generatedId(index: number): string {
  return index < 26 ? String.fromCharCode(97 + index) : `x${index + 1}`;
}

/** A decimal number as written by people and by the exporters here; anything else is NaN. */
export function parseNumber(text: string): number {
  const trimmed = text.trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}
