import type { Draft } from '../shared/result';
import { creditOf, fullyRightToo, multipleCredits } from '../shared/credit';
import { generatedId, parseNumber } from '../shared/result';
import { readText, type TextFormat } from './text';
import { restore } from './escape';

// The rules here follow Moodle's reader (question/format/gift/format.php) so that a file reads the
// way it does in Moodle. Choice answers keep their weights as credits and their feedback; short
// and numeric answers keep theirs as the credits of accepted answers. Where Questa cannot hold what
// Moodle reads — partial credit in a missing-word blank, answers worth nothing that only carried
// feedback — the question keeps its fully right answers and says what was dropped, or is refused;
// the key is never changed quietly.

/** One answer of a GIFT answer block: its mark (`''` for text before the first mark), weight and text. */
interface Answer {
  mark: '=' | '~' | '';
  /** The `%n%` weight as written, in percent. */
  weight: number | undefined;
  text: string;
  /** The text as written, escapes still protected, for readers that split it further. */
  raw: string;
  feedback: string;
}

/** The type-specific part of a question, or why the answer block cannot be read. */
export type AnswerBlock =
  { ok: true; draft: DraftBody; warnings: string[] } | { ok: false; error: string };
export type DraftBody = DistributiveOmit<Draft, 'stem' | 'explanation' | 'topic'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const FULL = 100;
const percent = (weight: number) => `${Number(weight.toFixed(5))} %`;
const quoted = (text: string) => `'${text.length > 40 ? `${text.slice(0, 39)}…` : text}'`;

/** Splits on the mark characters; text before the first mark is an answer too, as in Moodle. */
function splitAnswers(body: string, marks: string, format: TextFormat | undefined): Answer[] {
  const answers: Answer[] = [];
  let mark: Answer['mark'] = '';
  let start = 0;
  const push = (end: number) => {
    const raw = body.slice(start, end);
    if (mark === '' && raw.trim() === '') return;
    const weight = /^\s*%(-?\d+(?:\.\d*)?)%/.exec(raw);
    const rest = weight ? raw.slice(weight[0].length) : raw;
    const hash = rest.indexOf('#');
    const text = hash === -1 ? rest : rest.slice(0, hash);
    answers.push({
      mark,
      weight: weight ? Number(weight[1]) : undefined,
      text: readText(text, format),
      raw: text,
      // Moodle reads feedback in the answer's text format, `[html]` and the like included.
      feedback: hash === -1 ? '' : readText(rest.slice(hash + 1), format),
    });
  };
  for (let i = 0; i < body.length; i += 1) {
    if (!marks.includes(body[i] as string)) continue;
    push(i);
    mark = body[i] as Answer['mark'];
    start = i + 1;
  }
  push(body.length);
  return answers;
}

const feedbackWarning = (answers: Answer[]) =>
  answers.some((a) => a.feedback) ? ['feedback on single answers is not kept'] : [];

/**
 * Multiple choice: with an `=` Moodle asks for one answer, with only `~%n%` weights for several.
 * Weights become option credits and `#feedback` option feedback. A multiple response whose weights
 * are Questa's defaults (each right answer 1/C, each wrong one −1/W) keeps no credits, so a
 * question exported without them reads back the same.
 */
function choices(body: string, format: TextFormat | undefined): AnswerBlock {
  const single = body.includes('=');
  // Moodle drops a blank wrong answer, which is how `~=x` reads as `=x`.
  const answers = splitAnswers(body, '=~', format).filter(
    (a) => a.text !== '' || a.mark === '=' || (a.weight ?? 0) !== 0 || a.feedback !== '',
  );
  const warnings: string[] = [];
  const fraction = (a: Answer) => {
    if (a.mark !== '=') {
      const weight = a.weight ?? 0;
      if (Math.abs(weight) <= FULL) return weight;
      warnings.push(
        `the ${percent(weight)} weight on ${quoted(a.text)} is beyond ±100 %: read as ${weight > 0 ? '' : '−'}100 %`,
      );
      return Math.sign(weight) * FULL;
    }
    if (a.weight !== undefined && a.weight !== FULL) {
      warnings.push(
        `the ${percent(a.weight)} weight on the = answer ${quoted(a.text)} is ignored: Moodle counts an = answer as fully right`,
      );
    }
    return FULL;
  };
  const weighted = answers.map((a) => ({ ...a, fraction: fraction(a) }));
  const option = (a: (typeof weighted)[number], i: number, correct: boolean) => ({
    id: generatedId(i),
    text: a.text,
    correct,
    ...(a.feedback ? { feedback: a.feedback } : {}),
  });
  if (single) {
    const options = weighted.map((a, i) => ({
      ...option(a, i, a.fraction >= FULL),
      // Only a wrong answer's weight says anything the = mark does not.
      ...(a.fraction < FULL && a.fraction !== 0 ? { credit: creditOf(a.fraction) } : {}),
    }));
    const [key, ...alsoRight] = options.filter((o) => o.correct);
    if (key && alsoRight.length > 0) {
      warnings.push(
        fullyRightToo(
          quoted(key.text),
          alsoRight.map((o) => quoted(o.text)),
        ),
      );
      const kept = options.map((o) =>
        o.correct && o !== key ? { ...o, correct: false, credit: 1 } : o,
      );
      return { ok: true, draft: { type: 'single_choice', options: kept }, warnings };
    }
    return { ok: true, draft: { type: 'single_choice', options }, warnings };
  }
  const plain = weighted.map((a, i) => option(a, i, a.fraction > 0));
  const read = multipleCredits(weighted.map((a) => creditOf(a.fraction)));
  if ('problem' in read) {
    const positive = weighted.filter((a) => a.fraction > 0).map((a) => percent(a.fraction));
    warnings.push(
      `the weights ${positive.join(', ')} do not add up to 100 % and are not kept: every answer with a positive weight counts as right`,
    );
    return { ok: true, draft: { type: 'multiple_response', options: plain }, warnings };
  }
  const { credits } = read;
  const options = credits ? plain.map((o, i) => ({ ...o, credit: credits[i] ?? 0 })) : plain;
  return { ok: true, draft: { type: 'multiple_response', options }, warnings };
}

/** The note on an answer's partial credit that a missing-word blank cannot hold. */
export const partialCreditLost = (weight: number, text: string): string =>
  `the ${percent(weight)} partial credit on ${quoted(text)} is not kept`;

/**
 * What a missing-word blank, which has neither credits nor feedback, loses of a single choice's
 * options: said as it was before option credits existed.
 */
export function blankLosses(
  options: readonly { text: string; credit?: number | undefined; feedback?: string | undefined }[],
): string[] {
  const warnings = options.some((o) => o.feedback)
    ? ['feedback on single answers is not kept']
    : [];
  for (const o of options) {
    const weight = (o.credit ?? 0) * FULL;
    if (weight > 0 && weight < FULL) {
      warnings.push(partialCreditLost(weight, o.text));
    } else if (weight < 0) {
      warnings.push(`the ${percent(weight)} penalty on ${quoted(o.text)} is not kept`);
    }
  }
  return warnings;
}

/**
 * Short answer: every answer worth something is accepted with its credit (Moodle's 50 % answers),
 * those worth 100 % first, as the first is the key a learner is shown.
 */
function shortAnswer(body: string, format: TextFormat | undefined): AnswerBlock {
  const answers = splitAnswers(body, '=', format);
  const warnings = feedbackWarning(answers);
  const full: string[] = [];
  const partial: { text: string; credit: number }[] = [];
  for (const a of answers) {
    const weight = a.weight ?? FULL;
    if (weight >= FULL) full.push(a.text);
    else if (weight > 0) partial.push({ text: a.text, credit: creditOf(weight) });
    else warnings.push(`the answer ${quoted(a.text)} worth ${percent(weight)} is not kept`);
  }
  if (full.length === 0) return { ok: false, error: 'no answer is worth 100 %' };
  const credits = [...full.map(() => 1), ...partial.map((p) => p.credit)];
  return {
    ok: true,
    draft: {
      type: 'short_text',
      accepted: [...full, ...partial.map((p) => p.text)],
      ...(partial.length > 0 ? { credits } : {}),
    },
    warnings,
  };
}

function numericAnswer(text: string): { value: number; tolerance: number } | undefined {
  const range = /^(.+)\.\.(.+)$/.exec(text);
  if (range) {
    const [min, max] = [parseNumber(range[1] as string), parseNumber(range[2] as string)];
    if (Number.isNaN(min) || Number.isNaN(max) || max < min) return undefined;
    return { value: (min + max) / 2, tolerance: (max - min) / 2 };
  }
  const [value, tolerance = '0'] = text.split(':');
  const parsed = { value: parseNumber(value ?? ''), tolerance: parseNumber(tolerance) };
  if (text.split(':').length > 2 || Number.isNaN(parsed.value) || Number.isNaN(parsed.tolerance)) {
    return undefined;
  }
  return parsed;
}

/** Numeric: `=value:tolerance` answers with weights; `~` starts feedback for any other number. */
function numeric(raw: string): AnswerBlock {
  const tilde = raw.indexOf('~');
  const otherwise = tilde === -1 ? '' : raw.slice(tilde + 1).replace(/^\s*#/, '');
  const answers = splitAnswers(tilde === -1 ? raw : raw.slice(0, tilde), '=', 'plain');
  const warnings = feedbackWarning(answers);
  if (restore(otherwise).trim()) warnings.push('the feedback for other numbers is not kept');
  const read: { value: number; tolerance: number; weight: number }[] = [];
  for (const a of answers) {
    const parsed = numericAnswer(a.text);
    if (!parsed)
      return { ok: false, error: `"${a.text}" is not a number, value:tolerance or min..max` };
    const weight = a.weight ?? FULL;
    if (weight > 0) read.push({ ...parsed, weight });
    else warnings.push(`the answer ${quoted(a.text)} worth ${percent(weight)} is not kept`);
  }
  if (answers.length === 0) return { ok: false, error: 'the numeric answer block has no number' };
  // The first fully right answer is the key; every other answer worth something keeps its credit.
  const key = read.find((a) => a.weight >= FULL);
  if (!key) return { ok: false, error: 'no numeric answer is worth 100 %' };
  const alternatives = read
    .filter((a) => a !== key)
    .map((a) => ({
      value: a.value,
      tolerance: a.tolerance,
      credit: creditOf(Math.min(FULL, a.weight)),
    }));
  return {
    ok: true,
    draft: {
      type: 'numeric',
      value: key.value,
      tolerance: key.tolerance,
      ...(alternatives.length > 0 ? { alternatives } : {}),
    },
    warnings,
  };
}

function matching(body: string, format: TextFormat | undefined): AnswerBlock {
  const answers = splitAnswers(body, '=', format);
  const missing = answers.find((a) => !a.raw.includes('->'));
  if (missing) return { ok: false, error: `the matching answer ${quoted(missing.text)} has no ->` };
  // Moodle reads the prompt with its format and the answer as plain text.
  const pairs = answers.map((a) => {
    const arrow = a.raw.indexOf('->');
    return {
      prompt: readText(a.raw.slice(0, arrow), format),
      answer: restore(a.raw.slice(arrow + 2)).trim(),
    };
  });
  const kept = pairs.filter((p) => p.prompt !== '');
  const warnings =
    kept.length < pairs.length ? ['extra answers without a prompt are not kept'] : [];
  return {
    ok: true,
    draft: { type: 'matching', pairs: kept.map((p, i) => ({ id: generatedId(i), ...p })) },
    warnings: [...warnings, ...feedbackWarning(answers)],
  };
}

/**
 * Reads an answer block (escapes still protected, general feedback already removed). `format` is
 * the question's text format, which answers without their own `[format]` share.
 */
export function parseAnswerBlock(raw: string, format: TextFormat | undefined): AnswerBlock {
  const body = raw.trim();
  // An empty block is Moodle's essay: no key, so no rubric or model answer either.
  if (body === '') return { ok: true, draft: { type: 'essay' }, warnings: [] };
  if (body.startsWith('#')) return numeric(body.slice(1).trim());
  if (body.includes('~')) return choices(body, format);
  if (body.includes('=') && body.includes('->')) return matching(body, format);
  const [head, ...feedback] = body.split('#');
  const truth = /^(T|TRUE|F|FALSE)$/.exec((head ?? '').trim());
  if (truth) {
    const warnings = feedback.some((f) => restore(f).trim())
      ? ['feedback on single answers is not kept']
      : [];
    return {
      ok: true,
      draft: { type: 'true_false', answer: truth[1]?.startsWith('T') === true },
      warnings,
    };
  }
  return shortAnswer(body, format);
}
