import { passageContent } from '@questa/contracts';
import { PASSAGE_LIMITS } from '@questa/contracts/rules';
import type { ImportIssue } from '@questa/contracts';
import type { ExportPassage, ImportedPassage, ParseResult } from '../types';

/** How the note about a description that became a passage ends: which questions it leads. */
export const LEADS_UNTIL = '(each question after it, up to the next description or category)';

/** Question numbers as short ranges: 2–4, 7. */
export function questionList(items: readonly number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < items.length; i += 1) {
    let end = i;
    while (end + 1 < items.length && items[end + 1] === (items[end] as number) + 1) end += 1;
    ranges.push(end === i ? `${items[i]}` : `${items[i]}–${items[end]}`);
    i = end;
  }
  return ranges.join(', ');
}

/** The end of the warning about a description with no question after it. */
export const NO_QUESTION_AFTER =
  'is followed by no imported question, so it is not imported as a passage';

/** A passage's title when the format gives none: its first words, without Markdown marks. */
export function titleFrom(name: string, body: string): string {
  if (name.trim() !== '') return name.trim().slice(0, PASSAGE_LIMITS.titleMax);
  const words = body
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/[#*_`>$[\]()|~]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '') return 'Passage';
  return words.length <= 60 ? words : `${words.slice(0, 59).trimEnd()}…`;
}

/**
 * The rule GIFT and Moodle XML share: a description opens a group, and every question after it
 * refers to it until the next description or category, or the end of the file. Either way the
 * author is told: a description that became a passage is named with the questions it leads, so a
 * file written for a tool where a description is only a heading does not change meaning unseen;
 * one no imported question follows is reported and left out.
 */
export class DescriptionGroups {
  private open:
    { passage: ImportedPassage; label: string; index?: number; items: number[] } | undefined;
  readonly passages: ImportedPassage[] = [];

  constructor(private readonly result: ParseResult) {}

  /** A description: the group it opens; an invalid one is reported and opens none. */
  start(name: string, body: string, label: string, line?: number) {
    this.close();
    const parsed = passageContent.safeParse({
      title: titleFrom(name, body),
      body,
      media: passageMedia(body),
    });
    if (!parsed.success) {
      const place = line === undefined ? '' : `Line ${line}: `;
      const why = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      this.warn(`${place}${label} is not imported: ${why}`, line);
      return;
    }
    const passage: ImportedPassage =
      line === undefined ? { content: parsed.data } : { content: parsed.data, line };
    this.open = { passage, label, items: [] };
  }

  /** Call after a question was added: the newest item refers to the open group. */
  attachNewest(itemsBefore: number) {
    const item = this.result.items[itemsBefore];
    if (!this.open || !item) return;
    if (this.open.index === undefined) {
      this.open.index = this.passages.length;
      this.passages.push(this.open.passage);
    }
    item.passage = this.open.index;
    this.open.items.push(item.item);
  }

  /** A category or the end of the file ends the open group. */
  close() {
    const open = this.open;
    this.open = undefined;
    if (!open) return;
    const { line } = open.passage;
    const place = line === undefined ? '' : `Line ${line}: `;
    if (open.index === undefined) {
      this.warn(`${place}${open.label} ${NO_QUESTION_AFTER}`, line);
      return;
    }
    const questions = `question${open.items.length === 1 ? '' : 's'} ${questionList(open.items)}`;
    this.warn(
      `${place}${open.label} is imported as a passage leading ${questions} ${LEADS_UNTIL}`,
      line,
    );
  }

  /** Ends the file: closes the open group and records the passages with their media. */
  finish() {
    this.close();
    this.result.passages = this.passages;
  }

  private warn(message: string, line?: number) {
    const issue: ImportIssue = line === undefined ? { message } : { line, message };
    this.result.warnings.push(issue);
  }
}

/** Hashes of `media:<sha256>` references in a passage body. */
export function passageMedia(body: string): string[] {
  return [...new Set([...body.matchAll(/media:([0-9a-f]{64})/g)].map((m) => m[1] as string))];
}

/**
 * What an export writes around each question so that reading the file back gives the same groups
 * under the rule above: the passage again where a group starts or crosses into a new category,
 * and a category line (the same topic again) to end a group that a question without a passage
 * follows.
 */
export function describeGroups(passages: readonly (ExportPassage | null | undefined)[]) {
  let open: string | undefined;
  return {
    /** Before writing question `index`, whose category line was just written or not. */
    before(index: number, newCategory: boolean) {
      const passage = passages[index] ?? undefined;
      const endGroup = passage === undefined && open !== undefined && !newCategory;
      const describe = passage !== undefined && (passage.id !== open || newCategory);
      const again = describe && passage.id === open;
      open = passage?.id;
      return { endGroup, passage: describe ? passage : undefined, again };
    },
  };
}

/** The warning for a passage written a second time, when its group spans two topics. */
export const PASSAGE_AGAIN =
  'its passage is written again after the change of category, so reading the file back makes a second copy of it';
