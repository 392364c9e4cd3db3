import type { Draft } from '../shared/result';

type ClozeBlanks = Extract<Draft, { type: 'cloze' }>['blanks'];
type ClozeBlank = ClozeBlanks[number];

// Moodle's embedded answers: `{weight:TYPE:=right#feedback~%50%half~wrong}`. Inside, a backslash
// keeps `}`, `#` and `~` from ending an answer; Moodle removes it before `}` and `#`.
const START = /\{(\d*):([A-Z_]+):/g;
const SHORT = /^(SHORTANSWER|SA|MW)$/;
const SHORT_CASE = /^(SHORTANSWER_C|SAC|MWC)$/;
const NUMERIC = /^(NUMERICAL|NM)$/;
const CHOICE = /^(MULTICHOICE(_V|_H|_S|_VS|_HS)?|MC(V|H|S|VS|HS)?)$/;
const RESPONSE = /^(MULTIRESPONSE(_H|_S|_HS)?|MR(H|S|HS)?)$/;
const FRACTION = /^(=|%(-?\d+(?:[.,]\d*)?)%)/;
const NUMBER = /^-?(\d+[.,]?\d*|[.,]\d+)([eE][-+]?\d+)?$/;
const unescape = (text: string) => text.replace(/\\([}#~])/g, '$1');

function splitUnescaped(text: string, separator: string, limit = Infinity): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i += 1;
    } else if (c === separator && parts.length + 1 < limit) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  return [...parts, current];
}

/** Where the embedded answer that starts its alternatives at `from` ends (its `}`), or -1. */
function closingBrace(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '}') return i;
  }
  return -1;
}

/**
 * Moodle's short answers read `*` as "any characters" (`\\*` is a star); Questa compares
 * literally, so answers with a wildcard cannot be kept. `wild` lists them for a message.
 */
export function literalAnswers(texts: string[]): { accepted: string[]; wild: string } {
  const wild = texts.filter(isWildcard);
  const accepted = texts.filter((t) => !isWildcard(t)).map(literalAnswer);
  return { accepted, wild: wild.map((t) => `"${t}"`).join(', ') };
}

/** Whether a Moodle short answer holds a `*` wildcard, which Questa cannot match. */
export const isWildcard = (text: string): boolean => /(^|[^\\])\*/.test(text);

/** A Moodle short answer without wildcards as Questa compares it: `\*` is a star. */
export const literalAnswer = (text: string): string => text.replace(/\\\*/g, '*');

interface Alternative {
  text: string;
  fraction: number;
  feedback: string;
}

function alternatives(body: string): Alternative[] {
  return splitUnescaped(body, '~')
    .map((raw) => {
      const [answer = '', feedback = ''] = splitUnescaped(raw, '#', 2);
      const weight = FRACTION.exec(answer);
      const fraction = !weight ? 0 : weight[1] === '=' ? 100 : Number(weight[2]?.replace(',', '.'));
      const text = unescape(weight ? answer.slice(weight[0].length) : answer).trim();
      return { text, fraction, feedback: unescape(feedback).trim() };
    })
    .filter((a) => a.text !== '');
}

const percent = (f: number) => `${Number(f.toFixed(5))} %`;
const quoted = (list: Alternative[]) =>
  list.map((a) => `"${a.text}" (${percent(a.fraction)})`).join(', ');

export interface ParsedCloze {
  stem: string;
  blanks: ClozeBlanks;
  warnings: string[];
  /** Moodle itself refuses the question: it is broken. */
  error?: string;
  /** Moodle reads the question but Questa cannot carry it. */
  refused?: string;
  /** Moodle's mark for the question: the sum of the blanks' weights. */
  weight: number;
}

type BlankOutcome = { blank: ClozeBlank } | { error: string } | { refused: string };

/** One embedded answer as a Questa blank, or why it cannot be one. */
function readBlank(
  id: string,
  type: string,
  list: Alternative[],
  warnings: Set<string>,
): BlankOutcome {
  const n = `blank ${id}`;
  if (RESPONSE.test(type)) {
    return {
      refused: `${n} is a multiple-response menu (${type}), which a Questa cloze blank cannot carry`,
    };
  }
  const right = list.filter((a) => a.fraction >= 100);
  const partial = list.filter((a) => a.fraction !== 0 && a.fraction < 100 && a.text !== '*');
  if (right.length === 0) return { error: `${n} has no fully correct answer` };
  if (partial.length > 0) {
    warnings.add(
      `${n}: partial credit is dropped for ${quoted(partial)}; only fully correct answers count`,
    );
  }
  if (SHORT.test(type) || SHORT_CASE.test(type)) {
    const { accepted, wild } = literalAnswers(right.map((a) => a.text));
    if (wild) {
      if (accepted.length === 0) {
        return {
          refused: `${n} accepts only * wildcard answers (${wild}), which Questa cannot match`,
        };
      }
      warnings.add(
        `${n}: the * wildcard answers ${wild} are dropped; Questa matches answers literally`,
      );
    }
    return { blank: { id, kind: 'text', accepted, caseSensitive: SHORT_CASE.test(type) } };
  }
  if (NUMERIC.test(type)) {
    const values = right.map((a) => splitUnescaped(a.text, ':').map((v) => v.trim()));
    const bad = values.find(([value = '']) => !NUMBER.test(value));
    if (bad) return { error: `${n}: "${bad.join(':')}" is not a number` };
    const tolerant = values.find(
      ([, tolerance]) => tolerance && Number(tolerance.replace(',', '.')) !== 0,
    );
    if (tolerant) {
      return {
        refused: `${n} is numeric with a tolerance (${tolerant.join(':')}), which a Questa cloze blank cannot carry`,
      };
    }
    const accepted = values.map(([value = '']) => value);
    warnings.add(
      `${n} is numeric; it becomes a text blank that accepts ${accepted.map((v) => `"${v}"`).join(', ')} as written`,
    );
    return { blank: { id, kind: 'text', accepted } };
  }
  if (CHOICE.test(type)) {
    if (list.length < 2) return { error: `${n} needs at least two choices` };
    if (right.length > 1) {
      return {
        refused: `${n} has ${right.length} fully correct choices (${quoted(right)}); a Questa choice blank has one`,
      };
    }
    const options = list.map((a) => a.text);
    return {
      blank: { id, kind: 'choice', options, correct: list.indexOf(right[0] as Alternative) },
    };
  }
  return { refused: `${n} is of type ${type}, which Questa does not read` };
}

/** Replaces each embedded answer with `{{n}}` and reads it as a text or a choice blank. */
export function parseEmbedded(text: string): ParsedCloze {
  const blanks: ClozeBlank[] = [];
  const warnings = new Set<string>();
  const weights: number[] = [];
  let stem = '';
  let last = 0;
  for (const match of text.matchAll(START)) {
    if (match.index < last) continue;
    const bodyStart = match.index + match[0].length;
    const end = closingBrace(text, bodyStart);
    if (end === -1) break;
    const id = String(blanks.length + 1);
    const list = alternatives(text.slice(bodyStart, end));
    if (list.some((a) => a.feedback)) warnings.add('feedback on single answers is not kept');
    const outcome = readBlank(id, match[2] as string, list, warnings);
    if ('error' in outcome)
      return { stem: text, blanks, warnings: [...warnings], weight: 0, error: outcome.error };
    if ('refused' in outcome)
      return { stem: text, blanks, warnings: [...warnings], weight: 0, refused: outcome.refused };
    weights.push(Number(match[1] || '1'));
    blanks.push(outcome.blank);
    stem += `${text.slice(last, match.index)}{{${id}}}`;
    last = end + 1;
  }
  stem += text.slice(last);
  if (blanks.length === 0)
    return {
      stem,
      blanks,
      warnings: [...warnings],
      weight: 0,
      error: 'it has no embedded answers',
    };
  const weight = weights.reduce((sum, w) => sum + w, 0);
  if (new Set(weights).size > 1)
    warnings.add("the blanks' different weights are not kept; every blank counts the same");
  return { stem, blanks, warnings: [...warnings], weight };
}

// Moodle removes the backslash before } and # only; a ~ goes as an entity, which it decodes.
const escapeEmbedded = (text: string) => text.replace(/[}#]/g, '\\$&').replace(/~/g, '&#126;');

/** Moodle's embedded syntax for one Questa blank. */
export function writeEmbedded(blank: ClozeBlank): string {
  if (blank.kind === 'text') {
    const type = blank.caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER';
    return `{1:${type}:${blank.accepted.map((a) => `=${escapeEmbedded(a)}`).join('~')}}`;
  }
  const options = blank.options.map(
    (o, i) => `${i === blank.correct ? '=' : ''}${escapeEmbedded(o)}`,
  );
  return `{1:MULTICHOICE:${options.join('~')}}`;
}
