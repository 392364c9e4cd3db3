import { ESSAY_LIMITS, QUESTION_LIMITS } from '@questa/contracts/rules';
import type { ParseResult } from '../types';
import { creditOf, fullyRightToo, multipleCredits, singleCredits } from '../shared/credit';
import { DescriptionGroups } from '../shared/passages';
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
import { readCalculated } from './calculated';
import { isWildcard, literalAnswer, parseEmbedded } from './cloze';
import { readGaps } from './gaps';
import { convertMath } from './math';
import { MoodleTextReader } from './text';

/** A question Moodle reads but Questa cannot carry is refused with a warning, not an error. */
type Outcome = { draft: Draft } | { error: string } | { refused: string };
const SKIPPED = new Set(['category', 'description']);
// Moodle writes `matching` and `cloze`; it reads those and the plugin names `match` and `multianswer`.
const TYPE_NAMES: Record<string, string> = { match: 'matching', cloze: 'multianswer' };
const FULL = 99.999;

const valueOf = (q: XmlElement, name: string) => textContent(path(q, name)).trim();
const numberOf = (q: XmlElement, name: string) => {
  const value = parseNumber(valueOf(q, name));
  return Number.isNaN(value) ? undefined : value;
};
const percent = (f: number) => `${Number(f.toFixed(5))} %`;

interface Answer {
  fraction: number;
  text: string;
  feedback: string;
  el: XmlElement;
}

const listed = (answers: Answer[]) =>
  answers.map((a) => `"${a.text}" (${percent(a.fraction)})`).join(', ');

/** Moodle's `trans_single`: a missing `<single>` means single; `false`, `0` or empty mean multiple. */
function isSingle(q: XmlElement): boolean {
  const single = path(q, 'single');
  if (!single) return true;
  const value = textContent(single).trim();
  return !(value === 'false' || value === '' || value === '0');
}

function multichoice(
  q: XmlElement,
  stem: string,
  answers: Answer[],
  text: MoodleTextReader,
): Outcome {
  // Moodle skips answers left empty in its form.
  const kept = answers.filter((a) => a.text !== '');
  const credits = kept.map((a) => creditOf(a.fraction));
  const options = (correct: (a: Answer) => boolean, credit: (i: number) => number | undefined) =>
    kept.map((a, i) => {
      const c = credit(i);
      return {
        id: generatedId(i),
        text: a.text,
        correct: correct(a),
        ...(c === undefined ? {} : { credit: c }),
        ...(a.feedback ? { feedback: a.feedback } : {}),
      };
    });
  if (isSingle(q)) {
    const right = kept.filter((a) => a.fraction >= FULL);
    if (right.length === 0) {
      const written = textContent(path(q, 'single')).trim();
      const note = /^(false|no|0)$/i.test(written)
        ? ` (Moodle reads <single>${written}</single> as single answer too: only "false" or "0" mean multiple)`
        : '';
      return {
        error: `no answer is fully correct (100 %), which a single-answer question needs${note}`,
      };
    }
    const partial = singleCredits(kept.map((a) => (a.fraction >= FULL ? 1 : creditOf(a.fraction))));
    // Moodle accepts any fully right answer: the first is the key, the others keep full credit.
    const [key, ...alsoRight] = right;
    if (alsoRight.length > 0) {
      text.problems.add(
        fullyRightToo(
          `"${key!.text}"`,
          alsoRight.map((a) => `"${a.text}"`),
        ),
      );
    }
    return {
      draft: {
        type: 'single_choice',
        stem,
        options: options(
          (a) => a === key,
          (i) => (kept[i] !== key && kept[i]!.fraction >= FULL ? 1 : partial[i]),
        ),
      },
    };
  }
  const read = multipleCredits(credits);
  if ('problem' in read) {
    const positive = kept.filter((a) => a.fraction > 0);
    text.problems.add(
      `partial-credit weights that do not add up to 100 % are dropped: ${listed(positive)} all count as correct`,
    );
  }
  const weights = 'credits' in read ? read.credits : undefined;
  return {
    draft: {
      type: 'multiple_response',
      stem,
      options: options(
        (a) => a.fraction > 0,
        (i) => weights?.[i],
      ),
    },
  };
}

/** Moodle's importer: `true`/`false` answer texts decide, else the first answer is "true". */
function trueFalse(stem: string, answers: Answer[]): Outcome {
  let answer: boolean | undefined;
  answers.forEach((a, i) => {
    const isTrue = a.text === 'true' || (a.text !== 'false' && i === 0);
    answer = isTrue ? a.fraction >= FULL : a.fraction < FULL;
  });
  if (answer === undefined) return { error: 'it has no answers' };
  return { draft: { type: 'true_false', stem, answer } };
}

/** Moodle's word limits: empty or 0 is none; one Questa cannot hold is dropped and named. */
function wordLimit(q: XmlElement, name: string, text: MoodleTextReader): number | undefined {
  const value = numberOf(q, name);
  if (value === undefined || value === 0) return undefined;
  if (Number.isInteger(value) && value >= 1 && value <= ESSAY_LIMITS.wordsMax) return value;
  text.problems.add(`the word limit ${value} (${name}) is dropped`);
  return undefined;
}

/**
 * Moodle's essay: the information for graders becomes the rubric. Moodle has no model answer;
 * Questa's own export writes one as `<modelanswer>`, which Moodle ignores and this reads back.
 */
function essay(q: XmlElement, stem: string, text: MoodleTextReader): Outcome {
  if (valueOf(q, 'responseformat') === 'noinline') {
    return { refused: 'it is answered only with attached files, and Questa essays are typed' };
  }
  const attachments = numberOf(q, 'attachments') ?? 0;
  if (attachments !== 0) text.problems.add('attached files are not kept: learners answer in text');
  if (text.read(path(q, 'responsetemplate')).trim() !== '') {
    text.problems.add('the response template is dropped: learners start from an empty answer');
  }
  const rubric = text.read(path(q, 'graderinfo')).trim();
  const modelAnswer = text.read(path(q, 'modelanswer'), 'markdown').trim();
  let minWords = wordLimit(q, 'minwordlimit', text);
  const maxWords = wordLimit(q, 'maxwordlimit', text);
  if (minWords !== undefined && maxWords !== undefined && minWords > maxWords) {
    text.problems.add(`the minimum of ${minWords} words is above the maximum and is dropped`);
    minWords = undefined;
  }
  return {
    draft: {
      type: 'essay',
      stem,
      rubric,
      modelAnswer,
      ...(minWords === undefined ? {} : { minWords }),
      ...(maxWords === undefined ? {} : { maxWords }),
    },
  };
}

/** Fully right answers first, as the key is the first; then those worth part of the marks. */
const byCredit = (answers: Answer[]) => [
  ...answers.filter((a) => a.fraction >= FULL),
  ...answers.filter((a) => a.fraction > 0 && a.fraction < FULL),
];

/** Moodle's credit of an answer, capped at 100 % (some files write 100.00001). */
const answerCredit = (a: Answer) => Math.min(1, creditOf(a.fraction));

/**
 * Moodle's short answer: every answer worth something is kept with its credit (Moodle's 50 %
 * answers), the fully right ones first. Answers worth nothing only carried feedback, which Questa
 * does not keep per answer.
 */
function shortAnswer(
  q: XmlElement,
  stem: string,
  answers: Answer[],
  text: MoodleTextReader,
): Outcome {
  const credited = byCredit(answers.filter((a) => a.text !== ''));
  const wild = credited.filter((a) => isWildcard(a.text));
  const kept = credited.filter((a) => !isWildcard(a.text));
  const wildList = wild.map((a) => `"${a.text}"`).join(', ');
  if (kept[0] === undefined || kept[0].fraction < FULL) {
    if (wild.some((a) => a.fraction >= FULL)) {
      return {
        refused: `it accepts only * wildcard answers (${wildList}), which Questa cannot match`,
      };
    }
    return { error: 'no answer is fully correct (100 %)' };
  }
  if (wild.length > 0) {
    text.problems.add(
      `the * wildcard answers ${wildList} are dropped; Questa matches answers literally`,
    );
  }
  const credits = kept.map(answerCredit);
  const caseSensitive = ['1', 'true'].includes(valueOf(q, 'usecase'));
  const whitespace = valueOf(q, 'whitespace') === 'exact' ? 'exact' : 'collapse';
  return {
    draft: {
      type: 'short_text',
      stem,
      accepted: kept.map((a) => literalAnswer(a.text)),
      ...(credits.every((c) => c === 1) ? {} : { credits }),
      caseSensitive,
      whitespace,
    },
  };
}

/**
 * Moodle's numerical: the first fully right answer is the key; every other answer worth something
 * is kept with its own tolerance and credit. `*` matches any number in Moodle and is there for
 * feedback on wrong answers, so it is left out.
 */
function numerical(
  q: XmlElement,
  stem: string,
  answers: Answer[],
  text: MoodleTextReader,
): Outcome {
  const [first, ...others] = byCredit(answers.filter((a) => a.text !== '*' && a.text !== ''));
  if (!first || first.fraction < FULL) {
    return { error: 'no numeric answer is fully correct (fraction 100)' };
  }
  const numberIn = (a: Answer) => parseNumber(a.text.replace(',', '.'));
  const value = numberIn(first);
  if (Number.isNaN(value)) return { error: `"${first.text}" is not a number` };
  const tolerance = numberOf(first.el, 'tolerance') ?? 0;
  const notNumbers = others.filter((a) => Number.isNaN(numberIn(a)));
  if (notNumbers.length > 0) text.problems.add(`${listed(notNumbers)}: not numbers, dropped`);
  const numbers = others.filter((a) => !Number.isNaN(numberIn(a)));
  const room = QUESTION_LIMITS.acceptedMax - 1;
  if (numbers.length > room) {
    text.problems.add(`only ${room + 1} answers are kept; ${listed(numbers.slice(room))} dropped`);
  }
  const alternatives = numbers.slice(0, room).map((a) => ({
    value: numberIn(a),
    tolerance: Math.abs(numberOf(a.el, 'tolerance') ?? 0),
    credit: answerCredit(a),
  }));
  const units = childElements(path(q, 'units'), 'unit');
  const base = units.find((u) => Number(valueOf(u, 'multiplier')) === 1) ?? units[0];
  if (units.length > 1) text.problems.add('only the base unit is kept');
  const unit = base ? valueOf(base, 'unit_name') : '';
  return {
    draft: {
      type: 'numeric',
      stem,
      value,
      tolerance,
      ...(alternatives.length > 0 ? { alternatives } : {}),
      ...(unit ? { unit } : {}),
    },
  };
}

function questionBody(q: XmlElement, type: string, text: MoodleTextReader): Outcome {
  const stemFormat = path(q, 'questiontext')?.attrs.format ?? 'html';
  // Short, numeric and true/false answers are plain text in Moodle; choices are rich text.
  const plain = type !== 'multichoice' && type !== 'ordering';
  const answers: Answer[] = childElements(q, 'answer').map((a) => ({
    fraction: parseNumber(a.attrs.fraction ?? '0') || 0,
    text: plain ? valueOf(a, 'text') : text.read(a, stemFormat).trim(),
    // Choice feedback is rich text Questa keeps; other types' answers carry none.
    feedback:
      type === 'multichoice'
        ? text.read(path(a, 'feedback'), 'html').trim()
        : textContent(path(a, 'feedback', 'text')).trim(),
    el: a,
  }));
  // Legacy gapselect and ddwtos files keep each choice's group in its answer's feedback.
  const gaps = type === 'gapselect' || type === 'ddwtos';
  if (!gaps && type !== 'multichoice' && answers.some((a) => a.feedback)) {
    text.problems.add('feedback on single answers is not kept');
  }
  const legacy = text.legacyImage(q);
  const stem = [text.read(path(q, 'questiontext'), 'html', type === 'multianswer').trim(), legacy]
    .filter((t) => t !== '')
    .join('\n\n');
  switch (type) {
    case 'multichoice':
      return multichoice(q, stem, answers, text);
    case 'truefalse':
      return trueFalse(stem, answers);
    case 'shortanswer':
      return shortAnswer(q, stem, answers, text);
    case 'numerical':
      return numerical(q, stem, answers, text);
    case 'matching': {
      const all = childElements(q, 'subquestion').map((s) => ({
        prompt: text.read(s, stemFormat).trim(),
        answer: convertMath(valueOf(path(s, 'answer') ?? s, 'text')),
      }));
      const pairs = all.filter((p) => p.prompt !== '');
      const extra = all.filter((p) => p.prompt === '' && p.answer !== '');
      if (extra.length > 0) {
        text.problems.add(
          `extra answers without a prompt are not kept: ${extra.map((p) => `"${p.answer}"`).join(', ')}`,
        );
      }
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
      if (cloze.refused) return { refused: cloze.refused };
      // Moodle writes no <defaultgrade> for cloze questions: their mark is the blanks' weights.
      const points = path(q, 'defaultgrade') ? {} : { points: cloze.weight };
      return { draft: { type: 'cloze', stem: cloze.stem, blanks: cloze.blanks, ...points } };
    }
    case 'gapselect':
    case 'ddwtos':
      return readGaps(q, stem, type, text.problems);
    case 'calculated':
    case 'calculatedsimple':
      return readCalculated(q, stem, answers, (problem) => text.problems.add(problem));
    case 'essay':
      return essay(q, stem, text);
    default:
      return { refused: `Questa has no "${type}" questions` };
  }
}

/** Moodle's hints, shown one per try; Questa keeps the first few, for learners to open in turn. */
function hintsOf(q: XmlElement, text: MoodleTextReader): { hints?: string[] } {
  const hints = childElements(q, 'hint')
    // Moodle 2.0's gapselect and ddwtos files wrap a hint's text in <hintcontent>.
    .map((h) => text.read(path(h, 'text') ? h : (path(h, 'hintcontent') ?? h), 'html').trim())
    .filter((h) => h !== '');
  if (hints.length > QUESTION_LIMITS.hintsMax) {
    text.problems.add(
      `only the first ${QUESTION_LIMITS.hintsMax} of ${hints.length} hints are kept`,
    );
  }
  return hints.length > 0 ? { hints: hints.slice(0, QUESTION_LIMITS.hintsMax) } : {};
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
    ...hintsOf(q, text),
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
  const groups = new DescriptionGroups(result);
  for (const q of questions) {
    const type = q.attrs.type ?? '';
    const line = q.start === undefined ? undefined : lineAt(q.start);
    if (type === 'category') {
      topic = topicFromCategory(valueOf(path(q, 'category') ?? q, 'text')) || undefined;
      groups.close();
      continue;
    }
    const name = valueOf(path(q, 'name') ?? q, 'text');
    if (type === 'description') {
      // A shared text: the questions after it in this category refer to it as their passage.
      const what = name ? `The description "${name}"` : 'A description';
      text.problems = new Set();
      const body = text.read(path(q, 'questiontext')).trim();
      const place = line === undefined ? '' : `Line ${line}: `;
      for (const problem of text.problems) {
        const issue = { message: `${place}${what}: ${problem}` };
        result.warnings.push(line === undefined ? issue : { ...issue, line });
      }
      groups.start(name, body, what, line);
      continue;
    }
    result.total += 1;
    const ref: ItemRef = line === undefined ? { item: result.total } : { item: result.total, line };
    text.problems = new Set();
    const body = questionBody(q, TYPE_NAMES[type] ?? type, text);
    const common = commonFields(q, text, topic);
    const called = name ? `"${name}" (${type})` : `This ${type} question`;
    if ('refused' in body) {
      result.warnings.push(itemIssue(ref, `${called} is skipped: ${body.refused}`));
      continue;
    }
    result.warnings.push(...[...text.problems].map((p) => itemIssue(ref, p)));
    if ('error' in body) result.errors.push(itemIssue(ref, `${called}: ${body.error}`));
    else {
      const before = result.items.length;
      addItem(result, ref, { ...body.draft, ...common } as Draft);
      groups.attachNewest(before);
    }
  }
  groups.finish();
  // Files of skipped or broken questions would be stored for nothing.
  const used = new Set([
    ...result.items.flatMap((i) => i.content.media),
    ...(result.passages ?? []).flatMap((p) => p.content.media),
  ]);
  result.media = text.media.filter((m) => used.has(m.path.split('.')[0] ?? ''));
  return result;
}
