import type { QuestionContent } from '@questa/contracts';
import { percentOf } from './editor/option-extras';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this many cells the word table is too large to build; the change is shown whole. */
const maxCells = 4_000_000;

function merge(parts: DiffPart[]): DiffPart[] {
  const merged: DiffPart[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (part.text === '') continue;
    if (last && last.kind === part.kind) last.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}

/**
 * The words (and the white space between them) that `after` removed from and added to `before`:
 * a longest common subsequence of tokens, so unchanged words stay unmarked.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  // A word keeps the white space after it, so spaces never pair up on their own.
  const a = before.match(/\s+|\S+\s*/g) ?? [];
  const b = after.match(/\s+|\S+\s*/g) ?? [];

  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const head: DiffPart = { kind: 'same', text: a.slice(0, start).join('') };
  const tail: DiffPart = { kind: 'same', text: a.slice(endA).join('') };
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);

  if (midA.length * midB.length > maxCells) {
    return merge([
      head,
      { kind: 'removed', text: midA.join('') },
      { kind: 'added', text: midB.join('') },
      tail,
    ]);
  }

  // lengths[i][j]: the longest common run of midA[i…] and midB[j…].
  const width = midB.length + 1;
  const lengths = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i -= 1) {
    for (let j = midB.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        midA[i] === midB[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }

  const parts: DiffPart[] = [head];
  let i = 0;
  let j = 0;
  while (i < midA.length && j < midB.length) {
    if (midA[i] === midB[j]) {
      parts.push({ kind: 'same', text: midA[i] ?? '' });
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      parts.push({ kind: 'removed', text: midA[i] ?? '' });
      i += 1;
    } else {
      parts.push({ kind: 'added', text: midB[j] ?? '' });
      j += 1;
    }
  }
  for (; i < midA.length; i += 1) parts.push({ kind: 'removed', text: midA[i] ?? '' });
  for (; j < midB.length; j += 1) parts.push({ kind: 'added', text: midB[j] ?? '' });
  parts.push(tail);
  return merge(parts);
}

export type FieldValue = string | number | boolean;

const pct = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/** A region's shape and place in one line, in percent of the image, so a moved region shows. */
function shapeText(region: Extract<QuestionContent, { type: 'hotspot' }>['regions'][number]) {
  switch (region.shape) {
    case 'rect':
      return `rect ${pct(region.x)} ${pct(region.y)} ${pct(region.width)}×${pct(region.height)}`;
    case 'circle':
      return `circle ${pct(region.x)} ${pct(region.y)} r ${pct(region.radius)}`;
    case 'polygon':
      return `polygon ${region.points.map((p) => `${pct(p.x)} ${pct(p.y)}`).join(', ')}`;
  }
}

/**
 * A version's content as one value per field, keyed by its path (`options.1.text`), so two versions
 * compare field by field. Lists of short texts read as one value each.
 */
export function flattenContent(content: QuestionContent): Map<string, FieldValue> {
  const fields = new Map<string, FieldValue>();
  const set = (path: string, value: FieldValue | undefined) => {
    if (value !== undefined) fields.set(path, value);
  };
  set('type', content.type);
  set('stem', content.stem);
  switch (content.type) {
    case 'single_choice':
    case 'multiple_response':
      content.options.forEach((option, i) => {
        set(`options.${i}.text`, option.text);
        set(`options.${i}.correct`, option.correct);
        if (option.credit !== undefined)
          set(`options.${i}.credit`, `${percentOf(option.credit)} %`);
        set(`options.${i}.feedback`, option.feedback);
      });
      break;
    case 'true_false':
      set('answer', content.answer);
      break;
    case 'short_text':
      content.accepted.forEach((answer, i) => {
        set(`accepted.${i}`, answer);
        // Only a lowered credit is shown: 100 % is what an answer without one is worth.
        const credit = content.credits?.[i];
        if (credit !== undefined && credit !== 1) set(`credits.${i}`, `${percentOf(credit)} %`);
      });
      set('caseSensitive', content.caseSensitive);
      set('whitespace', content.whitespace);
      break;
    case 'numeric':
      set('value', content.value);
      set('tolerance', content.tolerance);
      content.alternatives?.forEach((a, i) =>
        set(`alternatives.${i}`, `${a.value} ± ${a.tolerance} · ${percentOf(a.credit)} %`),
      );
      set('unit', content.unit);
      break;
    case 'ordering':
      content.items.forEach((item, i) => set(`items.${i}.text`, item.text));
      break;
    case 'matching':
      content.pairs.forEach((pair, i) => {
        set(`pairs.${i}.prompt`, pair.prompt);
        set(`pairs.${i}.answer`, pair.answer);
      });
      break;
    case 'cloze':
      content.blanks.forEach((blank, i) => {
        set(`blanks.${i}.id`, blank.id);
        if (blank.kind === 'text') {
          set(`blanks.${i}.accepted`, blank.accepted.join(' | '));
          set(`blanks.${i}.caseSensitive`, blank.caseSensitive);
        } else {
          set(`blanks.${i}.options`, blank.options.join(' | '));
          set(`blanks.${i}.correct`, blank.options[blank.correct] ?? '');
        }
      });
      break;
    case 'hotspot':
      set('image.file', content.image.sha256.slice(0, 12));
      set('image.alt', content.image.alt);
      set('markers', content.markers);
      content.regions.forEach((region, i) => {
        set(`regions.${i}.label`, region.label);
        set(`regions.${i}.correct`, region.correct);
        set(`regions.${i}.shape`, shapeText(region));
      });
      break;
    case 'calculated':
      content.variables.forEach((variable, i) => {
        set(`variables.${i}.name`, variable.name);
        set(`variables.${i}.min`, variable.min);
        set(`variables.${i}.max`, variable.max);
        set(`variables.${i}.decimals`, variable.decimals);
        set(`variables.${i}.step`, variable.step);
      });
      set('formula', content.formula);
      set('tolerance', content.tolerance);
      set('toleranceType', content.toleranceType);
      set('answerDecimals', content.answerDecimals);
      set('unit', content.unit);
      break;
    case 'essay':
      set('rubric', content.rubric);
      set('modelAnswer', content.modelAnswer);
      set('minWords', content.minWords);
      set('maxWords', content.maxWords);
      break;
  }
  content.hints?.forEach((hint, i) => set(`hints.${i}`, hint));
  set('explanation', content.explanation);
  set('topic', content.topic);
  set('tags', content.tags.join(', '));
  set('difficulty', content.difficulty);
  set('points', content.points);
  set('licence', content.licence);
  set('attribution', content.attribution);
  return fields;
}

export interface FieldChange {
  path: string;
  /** Undefined when the field is new in `after`. */
  before: FieldValue | undefined;
  /** Undefined when `after` no longer has the field. */
  after: FieldValue | undefined;
  /** For long texts (stem, explanation): which words changed. */
  words?: DiffPart[];
}

const wordDiffFields = new Set(['stem', 'explanation']);

/** The editor's order of fields; list entries follow by position. */
const fieldOrder = [
  'type',
  'stem',
  'options',
  'answer',
  'accepted',
  'caseSensitive',
  'whitespace',
  'value',
  'tolerance',
  'unit',
  'items',
  'pairs',
  'blanks',
  'hints',
  'explanation',
  'topic',
  'tags',
  'difficulty',
  'points',
  'licence',
  'attribution',
];

function comparePaths(x: string, y: string): number {
  const a = x.split('.');
  const b = y.split('.');
  const byField = fieldOrder.indexOf(a[0] ?? '') - fieldOrder.indexOf(b[0] ?? '');
  if (byField !== 0) return byField;
  for (let i = 1; i < Math.max(a.length, b.length); i += 1) {
    const [p, q] = [a[i], b[i]];
    if (p === q) continue;
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const byNumber = Number(p) - Number(q);
    if (!Number.isNaN(byNumber)) return byNumber;
    // Within an entry, fields keep the order flattenContent gives them.
    return 0;
  }
  return 0;
}

/** Every field that differs between two versions, in the order the editor shows them. */
export function diffContent(before: QuestionContent, after: QuestionContent): FieldChange[] {
  const a = flattenContent(before);
  const b = flattenContent(after);
  return [...new Set([...b.keys(), ...a.keys()])]
    .filter((path) => a.get(path) !== b.get(path))
    .sort(comparePaths)
    .map((path) => {
      const change: FieldChange = { path, before: a.get(path), after: b.get(path) };
      const [was, is] = [change.before, change.after];
      if (wordDiffFields.has(path) && typeof was === 'string' && typeof is === 'string') {
        change.words = diffWords(was, is);
      }
      return change;
    });
}
