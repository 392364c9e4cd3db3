import type { Draft } from '../shared/result';

type ClozeBlanks = Extract<Draft, { type: 'cloze' }>['blanks'];
type ClozeBlank = ClozeBlanks[number];

// Moodle's embedded answers: `{weight:TYPE:=right#feedback~wrong}`; `\` escapes { } # ~ / " \.
const EMBEDDED = /\{(\d*):([A-Z_]+):((?:\\.|[^\\{}])*)\}/g;
const unescape = (text: string) => text.replace(/\\(.)/g, '$1');

function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i += 1;
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  return [...parts, current];
}

interface Embedded {
  text: string;
  fraction: number;
  feedback: string;
}

function answers(body: string): Embedded[] {
  return splitUnescaped(body, '~').map((raw) => {
    const [answer = '', ...feedback] = splitUnescaped(raw, '#');
    const weight = /^\s*(=|%(-?\d+(?:\.\d+)?)%)/.exec(answer);
    const fraction = weight ? (weight[1] === '=' ? 100 : Number(weight[2])) : 0;
    const text = unescape(weight ? answer.slice(weight[0].length) : answer).trim();
    return { text, fraction, feedback: unescape(feedback.join('#')).trim() };
  });
}

export interface ParsedCloze {
  stem: string;
  blanks: ClozeBlanks;
  warnings: string[];
  error?: string;
}

/** Replaces each embedded answer with `{{n}}` and reads it as a text or a choice blank. */
export function parseEmbedded(text: string): ParsedCloze {
  const blanks: ClozeBlank[] = [];
  const warnings = new Set<string>();
  let error: string | undefined;
  const stem = text.replace(EMBEDDED, (whole, _weight, type: string, body: string) => {
    const id = String(blanks.length + 1);
    const list = answers(body);
    if (list.some((a) => a.feedback)) warnings.add('feedback on single answers is not kept');
    if (list.some((a) => a.fraction > 0 && a.fraction < 100)) {
      warnings.add('partial-credit answers are kept as correct');
    }
    const right = list.filter((a) => a.fraction > 0).map((a) => a.text);
    if (/^(SHORTANSWER|SA|MW)(_C|C)?$/.test(type)) {
      const caseSensitive = /C$/.test(type);
      blanks.push({ id, kind: 'text', accepted: right, caseSensitive });
    } else if (/^(NUMERICAL|NM)$/.test(type)) {
      const values = list.filter((a) => a.fraction > 0).map((a) => a.text.split(':'));
      if (values.some(([, tolerance]) => tolerance && Number(tolerance) !== 0)) {
        warnings.add('numeric blanks become text blanks; their tolerance is not kept');
      }
      blanks.push({ id, kind: 'text', accepted: values.map(([value]) => (value ?? '').trim()) });
    } else if (/^(MULTICHOICE|MC)(_[VHS]|[VHS])*$/.test(type)) {
      const correct = list.findIndex((a) => a.fraction >= 100);
      blanks.push({ id, kind: 'choice', options: list.map((a) => a.text), correct });
    } else {
      error ??= `embedded answers of type ${type} are not supported`;
      return whole;
    }
    return `{{${id}}}`;
  });
  return { stem, blanks, warnings: [...warnings], ...(error ? { error } : {}) };
}

const escapeEmbedded = (text: string) => text.replace(/[\\{}~#/"]/g, '\\$&');

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
