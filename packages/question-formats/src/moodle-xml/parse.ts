import type { ParseResult } from '../types';
import { topicFromCategory } from '../shared/category';
import type { Draft, ItemRef } from '../shared/result';
import {
  addItem,
  emptyResult,
  failed,
  generatedId,
  itemIssue,
  parseNumber,
  tooLarge,
  tooManyItems,
} from '../shared/result';
import { decodeUtf8, lineFinder, NOT_UTF8 } from '../shared/text';
import type { XmlElement } from '../shared/xml';
import { childElements, parseXml, path, textContent } from '../shared/xml';
import { parseEmbedded } from './cloze';
import { MoodleTextReader } from './text';

type Outcome = { draft: Draft } | { error: string };
const SKIPPED = new Set(['category', 'description']);

const valueOf = (q: XmlElement, name: string) => textContent(path(q, name)).trim();
const numberOf = (q: XmlElement, name: string) => {
  const value = parseNumber(valueOf(q, name));
  return Number.isNaN(value) ? undefined : value;
};

function questionBody(q: XmlElement, type: string, text: MoodleTextReader): Outcome {
  const answers = childElements(q, 'answer').map((a) => ({
    fraction: Number(a.attrs.fraction ?? 0) || 0,
    text: text.read(a).trim(),
    feedback: textContent(path(a, 'feedback', 'text')).trim(),
    el: a,
  }));
  if (answers.some((a) => a.feedback)) text.problems.add('feedback on single answers is not kept');
  const stem = text.read(path(q, 'questiontext'));
  switch (type) {
    case 'multichoice': {
      const single = ['true', '1'].includes(valueOf(q, 'single'));
      const correct = (f: number) => (single ? f >= 100 : f > 0);
      if (answers.some((a) => a.fraction > 0 && a.fraction < 100 && single)) {
        text.problems.add('partial-credit answers are kept as wrong');
      }
      if (
        !single &&
        new Set(answers.filter((a) => a.fraction > 0).map((a) => a.fraction)).size > 1
      ) {
        text.problems.add(
          'partial-credit weights are not kept: every answer with a positive weight is correct',
        );
      }
      const options = answers.map((a, i) => ({
        id: generatedId(i),
        text: a.text,
        correct: correct(a.fraction),
      }));
      return { draft: { type: single ? 'single_choice' : 'multiple_response', stem, options } };
    }
    case 'truefalse': {
      const right = answers.find((a) => a.fraction >= 100);
      if (!right) return { error: 'no answer is marked right (fraction 100)' };
      return { draft: { type: 'true_false', stem, answer: /^(true|1)$/i.test(right.text) } };
    }
    case 'shortanswer': {
      if (answers.some((a) => a.fraction > 0 && a.fraction < 100)) {
        text.problems.add('partial-credit answers are kept as accepted');
      }
      const accepted = answers.filter((a) => a.fraction > 0).map((a) => a.text);
      const caseSensitive = ['1', 'true'].includes(valueOf(q, 'usecase'));
      const whitespace = valueOf(q, 'whitespace') === 'exact' ? 'exact' : 'collapse';
      return { draft: { type: 'short_text', stem, accepted, caseSensitive, whitespace } };
    }
    case 'numerical': {
      const right = answers.filter((a) => a.fraction > 0 && a.text !== '*');
      const first = right.find((a) => a.fraction >= 100) ?? right[0];
      if (!first) return { error: 'no numeric answer is marked right' };
      if (right.length > 1)
        text.problems.add('only the first fully correct numeric answer is kept');
      const value = parseNumber(first.text);
      if (Number.isNaN(value)) return { error: `"${first.text}" is not a number` };
      const tolerance = numberOf(first.el, 'tolerance') ?? 0;
      const units = childElements(path(q, 'units'), 'unit');
      const base = units.find((u) => Number(valueOf(u, 'multiplier')) === 1) ?? units[0];
      if (units.length > 1) text.problems.add('only the base unit is kept');
      const unit = base ? valueOf(base, 'unit_name') : '';
      return { draft: { type: 'numeric', stem, value, tolerance, ...(unit ? { unit } : {}) } };
    }
    case 'matching': {
      const all = childElements(q, 'subquestion').map((s) => ({
        prompt: text.read(s).trim(),
        answer: valueOf(path(s, 'answer') ?? s, 'text'),
      }));
      const pairs = all.filter((p) => p.prompt !== '');
      if (pairs.length < all.length)
        text.problems.add('extra answers without a prompt are not kept');
      return {
        draft: {
          type: 'matching',
          stem,
          pairs: pairs.map((p, i) => ({ id: generatedId(i), ...p })),
        },
      };
    }
    case 'ordering': {
      const ordered = [...answers].sort((a, b) => a.fraction - b.fraction);
      return {
        draft: {
          type: 'ordering',
          stem,
          items: ordered.map((a, i) => ({ id: generatedId(i), text: a.text })),
        },
      };
    }
    case 'multianswer': {
      const cloze = parseEmbedded(stem);
      cloze.warnings.forEach((w) => text.problems.add(w));
      if (cloze.error) return { error: cloze.error };
      return { draft: { type: 'cloze', stem: cloze.stem, blanks: cloze.blanks } };
    }
    default:
      return { error: `Moodle questions of type "${type}" are not supported` };
  }
}

/** Common fields; difficulty, licence, attribution and whitespace are Questa's additions. */
function commonFields(q: XmlElement, text: MoodleTextReader, topic: string | undefined) {
  const tags = childElements(path(q, 'tags'), 'tag').map((t) => valueOf(t, 'text'));
  const points = numberOf(q, 'defaultgrade');
  return {
    topic,
    explanation: text.read(path(q, 'generalfeedback')).trim(),
    tags: tags.filter((t) => t !== ''),
    difficulty: numberOf(q, 'difficulty'),
    ...(points !== undefined ? { points } : {}),
    ...(path(q, 'licence') ? { licence: valueOf(q, 'licence') } : {}),
    ...(path(q, 'attribution') ? { attribution: valueOf(q, 'attribution') } : {}),
  };
}

/** Parses Moodle XML (`<quiz><question type="…">`). */
export function parseMoodleXml(input: Uint8Array): ParseResult {
  const large = tooLarge(input.byteLength);
  if (large) return large;
  const source = decodeUtf8(input);
  if (source === undefined) return failed(NOT_UTF8);
  const parsed = parseXml(source);
  if (!parsed.ok) return failed(`Line ${parsed.line}: ${parsed.message}`, parsed.line);
  if (parsed.root.name !== 'quiz')
    return failed('The document is not Moodle XML: its root must be <quiz>');
  const questions = childElements(parsed.root, 'question');
  const refused = tooManyItems(questions.filter((q) => !SKIPPED.has(q.attrs.type ?? '')).length);
  if (refused) return refused;
  const result = emptyResult();
  const lineAt = lineFinder(source);
  const text = new MoodleTextReader();
  let topic: string | undefined;
  for (const q of questions) {
    const type = q.attrs.type ?? '';
    const line = q.start === undefined ? undefined : lineAt(q.start);
    if (type === 'category') {
      topic = topicFromCategory(valueOf(path(q, 'category') ?? q, 'text')) || undefined;
      continue;
    }
    if (type === 'description') {
      const issue = { message: 'A description is not a question and is skipped' };
      result.warnings.push(line === undefined ? issue : { ...issue, line });
      continue;
    }
    result.total += 1;
    const ref: ItemRef = line === undefined ? { item: result.total } : { item: result.total, line };
    text.problems = new Set();
    const body = questionBody(q, type, text);
    const common = commonFields(q, text, topic);
    result.warnings.push(...[...text.problems].map((p) => itemIssue(ref, p)));
    if ('error' in body) result.errors.push(itemIssue(ref, body.error));
    else addItem(result, ref, { ...body.draft, ...common } as Draft);
  }
  result.media = text.media;
  return result;
}
