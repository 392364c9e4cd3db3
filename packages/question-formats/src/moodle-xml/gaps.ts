import { choiceBlankProblem, fixedShuffle, quotedList } from '../shared/gaps';
import { parseHtml } from '../shared/html';
import type { Draft } from '../shared/result';
import { parseNumber } from '../shared/result';
import type { XmlElement, XmlNode } from '../shared/xml';
import { childElements, isElement, path, textContent } from '../shared/xml';

type ClozeBlank = Extract<Draft, { type: 'cloze' }>['blanks'][number];
export type GapOutcome = { draft: Draft } | { error: string } | { refused: string };

interface Choice {
  text: string;
  group: number;
  /** ddwtos only: the drag box may be placed in more than one gap. */
  infinite: boolean;
}

// Moodle's `qtype_gapselect_base::initialise_question_instance` splits the text at these markers.
const MARKER = /\[\[(\d+)\]\]/g;

/** Moodle's `trans_single` on `<shuffleanswers>`; a missing element means shuffled (its default 1). */
function shuffled(q: XmlElement): boolean {
  const el = path(q, 'shuffleanswers');
  if (!el) return true;
  const value = textContent(el).trim();
  return !(value === 'false' || value === '' || value === '0');
}

// Drag boxes and menus show text; superscript and subscript digits have Unicode forms, so
// `10<sup>-7</sup>` keeps its meaning as 10⁻⁷ rather than becoming 10-7.
const SUP: Record<string, string> = Object.fromEntries(
  [...'0123456789+-−=()n'].map((c, i) => [c, '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿ'[i] as string]),
);
const SUB: Record<string, string> = Object.fromEntries(
  [...'0123456789+-−=()'].map((c, i) => [c, '₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎'[i] as string]),
);
const PLAIN = new Set(['span', 'p', 'div', 'br']);

/** A choice's HTML as the plain text a Questa choice shows; `lost` says whether formatting went. */
function choiceText(html: string): { text: string; lost: boolean } {
  let lost = false;
  const walk = (node: XmlNode): string => {
    if (!isElement(node)) return node;
    const inner = node.children.map(walk).join('');
    const table = node.name === 'sup' ? SUP : node.name === 'sub' ? SUB : undefined;
    if (table && [...inner].every((c) => table[c])) return [...inner].map((c) => table[c]).join('');
    if (!PLAIN.has(node.name)) lost = true;
    return node.name === 'br' ? ' ' : inner;
  };
  const text = parseHtml(html).map(walk).join('').replace(/\s+/g, ' ').trim();
  return { text, lost };
}

/**
 * Choices in file order, as Moodle stores them: `<selectoption>`/`<dragbox>`, or the legacy
 * `<answer>` whose feedback holds the group (a PHP-serialised object, or the bare number).
 */
function readChoices(q: XmlElement, type: string): Choice[] {
  const modern = childElements(q, type === 'ddwtos' ? 'dragbox' : 'selectoption');
  const raw = (el: XmlElement) => textContent(path(el, 'text')).trim();
  const choices =
    modern.length > 0
      ? modern.map((el) => ({
          text: raw(el),
          group: parseNumber(textContent(path(el, 'group')).trim() || '1'),
          infinite: path(el, 'infinite') !== undefined,
        }))
      : childElements(q, 'answer').map((el) => {
          const options = textContent(path(el, 'feedback', 'text') ?? path(el, 'feedback')).trim();
          const group = /(?:drag|select)group";(?:s:\d+:"|i:)(\d+)/.exec(options)?.[1] ?? options;
          return {
            text: raw(el),
            group: parseNumber(group || '1'),
            infinite: /infinite";[ib]:1/.test(options),
          };
        });
  // Moodle's save_question_options skips empty choices, so [[n]] counts only the others.
  return choices.filter((c) => c.text !== '');
}

/**
 * Moodle's "select missing words" (`gapselect`) and "drag and drop into text" (`ddwtos`): each
 * `[[n]]` is a gap whose right answer is choice n and whose menu is every choice of n's group.
 * Each gap becomes a choice blank; what a menu cannot say (shuffling, boxes used once) is a warning.
 */
export function readGaps(
  q: XmlElement,
  stemText: string,
  type: string,
  problems: Set<string>,
): GapOutcome {
  const choices = readChoices(q, type).map((c) => {
    const { text, lost } = choiceText(c.text);
    if (lost) problems.add(`the formatting of the choice "${text}" is dropped; choices are text`);
    return { ...c, text };
  });
  const shuffle = shuffled(q) && choices.length > 1;
  const groupOf = (g: number) => choices.filter((c) => c.group === g);
  // Two boxes with the same word let a ddwtos learner use it twice; a menu lists it once.
  const menuOf = (g: number) => {
    const words = [...new Set(groupOf(g).map((c) => c.text))];
    return shuffle ? fixedShuffle(words, words.join('\n')) : words;
  };
  const blanks: ClozeBlank[] = [];
  const placesPerGroup = new Map<number, number>();
  let stem = '';
  let last = 0;
  for (const match of stemText.matchAll(MARKER)) {
    const n = Number(match[1]);
    const right = choices[n - 1];
    if (!right)
      return {
        error: `the gap [[${n}]] points at no choice; there ${choices.length === 1 ? 'is 1' : `are ${choices.length}`}`,
      };
    const id = String(blanks.length + 1);
    const options = menuOf(right.group);
    const problem = choiceBlankProblem(`gap ${id} ([[${n}]])`, options);
    if (problem) return { refused: problem };
    blanks.push({ id, kind: 'choice', options, correct: options.indexOf(right.text) });
    placesPerGroup.set(right.group, (placesPerGroup.get(right.group) ?? 0) + 1);
    stem += `${stemText.slice(last, match.index)}{{${id}}}`;
    last = match.index + match[0].length;
  }
  if (blanks.length === 0) return { error: 'it has no gaps ([[1]], [[2]] …) in its text' };
  stem += stemText.slice(last);
  if (shuffle)
    problems.add(
      "Moodle shuffles each group's choices for every attempt; Questa shows them in one fixed shuffled order",
    );
  if (type === 'ddwtos') {
    // A box that is not infinite can fill one gap only; a menu per gap offers it in every gap.
    const once = [...placesPerGroup]
      .filter(([, places]) => places > 1)
      .flatMap(([g]) =>
        groupOf(g)
          .filter((c) => !c.infinite)
          .map((c) => c.text),
      );
    if (once.length > 0)
      problems.add(
        `drag boxes a learner can place only once in Moodle (${quotedList([...new Set(once)])}) can be chosen in more than one blank`,
      );
  }
  return { draft: { type: 'cloze', stem, blanks } };
}
