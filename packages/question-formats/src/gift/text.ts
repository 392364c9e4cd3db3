import { parseHtml, toMarkdown } from '../shared/html';
import { restore } from './escape';

/** The formats a GIFT text may name in brackets before it; Moodle's default is `moodle`. */
export type TextFormat = 'html' | 'markdown' | 'plain' | 'moodle';

/** Splits off a leading `[html]`, `[markdown]` … tag; a bracket with another name is text. */
export function splitFormat(text: string): { format: TextFormat | undefined; text: string } {
  const tag = /^\s*\[(html|markdown|plain|moodle)\]/.exec(text);
  if (!tag) return { format: undefined, text };
  return { format: tag[1] as TextFormat, text: text.slice(tag[0].length) };
}

/**
 * Turns a protected GIFT text into Questa's: its own format tag removed (or the inherited format
 * applied), escapes restored and HTML converted to Markdown the way stems are.
 */
export function readText(raw: string, inherited: TextFormat | undefined): string {
  const { format, text } = splitFormat(raw.trim());
  const restored = restore(text);
  return (format ?? inherited) === 'html'
    ? toMarkdown(parseHtml(restored)).trim()
    : restored.trim();
}
