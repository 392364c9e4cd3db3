import type { ImportIssue, QuestionContent } from '@questa/contracts';
import { mediaReferences } from './media';
import { itemIssue } from './result';

export const DEFAULT_LICENCE = 'CC BY 4.0';
export const NOTHING_PACKED: ReadonlySet<string> = new Set();

/**
 * The warning for a calculated question a format cannot carry (it has no variables or formulas,
 * or not this formula): the question is left out, named by its type and the start of its stem.
 */
export function calculatedSkipped(
  q: Extract<QuestionContent, { type: 'calculated' }>,
  index: number,
  format: string,
  why = `${format} cannot carry variables and a formula`,
): ImportIssue {
  const start = q.stem.replace(/\s+/g, ' ').slice(0, 60);
  return exportIssue(index, `the calculated question "${start}" is skipped: ${why}`);
}

export function exportIssue(index: number, message: string): ImportIssue {
  return itemIssue({ item: index + 1 }, message);
}

/** What a format carries of the fields every question has; the rest is reported, never dropped silently. */
export interface Carries {
  points: boolean;
  licence: boolean;
  /** Hashes whose files travel in the export; for the others only the `media:` reference does. */
  packed: ReadonlySet<string>;
}

export function commonLosses(q: QuestionContent, index: number, carries: Carries): ImportIssue[] {
  const losses: string[] = [];
  if (!carries.points && q.points !== 1) losses.push(`points (${q.points}) are not kept`);
  if (!carries.licence && (q.licence !== DEFAULT_LICENCE || q.attribution !== '')) {
    losses.push('licence and attribution are not kept');
  }
  const referenced = mediaReferences(q);
  if (referenced.some((sha) => !carries.packed.has(sha))) {
    losses.push(
      'media files are not included; their media: references work only where the files already exist',
    );
  }
  if (q.media.some((sha) => !referenced.includes(sha))) {
    losses.push('media not referenced in the text is not kept');
  }
  return losses.map((message) => exportIssue(index, message));
}
