import type { Draft } from '../shared/result';
import { generatedId, parseNumber } from '../shared/result';
import { restore } from './escape';

/** One answer of a GIFT answer block: `=` or `~`, an optional `%weight%`, text, `#feedback`. */
interface Answer {
  mark: string;
  weight: number | undefined;
  text: string;
  feedback: string;
}

/** The type-specific part of a question, or why the answer block cannot be read. */
export type AnswerBlock =
  { ok: true; draft: DraftBody; warnings: string[] } | { ok: false; error: string };
export type DraftBody = DistributiveOmit<Draft, 'stem' | 'explanation' | 'topic'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function splitFeedback(text: string): [string, string] {
  const hash = text.indexOf('#');
  if (hash === -1) return [restore(text).trim(), ''];
  return [restore(text.slice(0, hash)).trim(), restore(text.slice(hash + 1)).trim()];
}

function splitAnswers(body: string): Answer[] | string {
  const first = body.search(/[=~]/);
  if (first === -1 || body.slice(0, first).trim() !== '') {
    return 'each answer must start with = (right) or ~ (wrong)';
  }
  const answers: Answer[] = [];
  for (const match of body.slice(first).matchAll(/([=~])([^=~]*)/g)) {
    let rest = match[2] as string;
    const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(rest);
    if (weight) rest = rest.slice(weight[0].length);
    const [text, feedback] = splitFeedback(rest);
    answers.push({
      mark: match[1] as string,
      weight: weight ? Number(weight[1]) : undefined,
      text,
      feedback,
    });
  }
  return answers;
}

const feedbackWarning = (answers: Answer[]) =>
  answers.some((a) => a.feedback) ? ['feedback on single answers is not kept'] : [];

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

function numeric(body: string): AnswerBlock {
  const answers = body.startsWith('=')
    ? splitAnswers(body)
    : [{ mark: '=', weight: undefined, ...toAnswer(body) }];
  if (typeof answers === 'string') return { ok: false, error: answers };
  const full = answers.find((a) => a.mark === '=' && (a.weight ?? 100) >= 100) ?? answers[0];
  const parsed = full && numericAnswer(full.text);
  if (!parsed)
    return {
      ok: false,
      error: `"${full?.text ?? ''}" is not a number, value:tolerance or min..max`,
    };
  const warnings = feedbackWarning(answers);
  if (answers.length > 1) warnings.push('only the first fully correct numeric answer is kept');
  return { ok: true, draft: { type: 'numeric', ...parsed }, warnings };
}

function toAnswer(text: string): { text: string; feedback: string } {
  const [answer, feedback] = splitFeedback(text);
  return { text: answer, feedback };
}

function choices(answers: Answer[]): AnswerBlock {
  const correct = (a: Answer) => (a.mark === '=' ? (a.weight ?? 100) > 0 : (a.weight ?? 0) > 0);
  const options = answers.map((a, i) => ({
    id: generatedId(i),
    text: a.text,
    correct: correct(a),
  }));
  const weighted = answers.some((a) => a.mark === '~' && (a.weight ?? 0) > 0);
  const warnings = feedbackWarning(answers);
  const positive = new Set(
    answers.filter(correct).map((a) => a.weight ?? (a.mark === '=' ? 100 : 0)),
  );
  if (
    weighted &&
    (positive.size > 1 || answers.some((a) => a.mark === '=' && a.weight === undefined))
  ) {
    warnings.push(
      'partial-credit weights are not kept: every answer with a positive weight is correct',
    );
  }
  const type =
    weighted || options.filter((o) => o.correct).length !== 1
      ? 'multiple_response'
      : 'single_choice';
  return { ok: true, draft: { type, options }, warnings };
}

/** Reads an answer block (escapes still protected, general feedback already removed). */
export function parseAnswerBlock(raw: string): AnswerBlock {
  const body = raw.trim();
  if (body === '')
    return { ok: false, error: 'essay questions (an empty answer block) are not supported' };
  if (body.startsWith('#')) return numeric(body.slice(1).trim());
  const [head, ...feedback] = body.split('#');
  const truth = /^(T|TRUE|F|FALSE)$/i.exec((head ?? '').trim());
  if (truth) {
    const warnings = feedback.some((f) => restore(f).trim())
      ? ['feedback on single answers is not kept']
      : [];
    return {
      ok: true,
      draft: { type: 'true_false', answer: /^t/i.test(truth[1] as string) },
      warnings,
    };
  }
  const answers = splitAnswers(body);
  if (typeof answers === 'string') return { ok: false, error: answers };
  if (answers.every((a) => a.mark === '=') && answers.some((a) => a.text.includes('->'))) {
    const pairs = answers
      .map((a) => a.text.split('->'))
      .map(([prompt = '', ...answer]) => ({
        prompt: prompt.trim(),
        answer: answer.join('->').trim(),
      }));
    const kept = pairs.filter((p) => p.prompt !== '');
    const warnings =
      kept.length < pairs.length ? ['extra answers without a prompt are not kept'] : [];
    return {
      ok: true,
      draft: { type: 'matching', pairs: kept.map((p, i) => ({ id: generatedId(i), ...p })) },
      warnings: [...warnings, ...feedbackWarning(answers)],
    };
  }
  if (answers.some((a) => a.mark === '~')) return choices(answers);
  const accepted = answers.filter((a) => (a.weight ?? 100) > 0).map((a) => a.text);
  const warnings = feedbackWarning(answers);
  if (answers.some((a) => a.weight !== undefined && a.weight !== 100)) {
    warnings.push(
      'partial-credit weights are not kept: every answer with a positive weight is accepted',
    );
  }
  return { ok: true, draft: { type: 'short_text', accepted }, warnings };
}

/** Applies `convert` to every answer text (for `[html]` questions). */
export function mapAnswerTexts(body: DraftBody, convert: (text: string) => string): DraftBody {
  switch (body.type) {
    case 'single_choice':
    case 'multiple_response':
      return { ...body, options: body.options.map((o) => ({ ...o, text: convert(o.text) })) };
    case 'short_text':
      return { ...body, accepted: body.accepted.map(convert) };
    case 'matching':
      return {
        ...body,
        pairs: body.pairs.map((p) => ({
          ...p,
          prompt: convert(p.prompt),
          answer: convert(p.answer),
        })),
      };
    default:
      return body;
  }
}
