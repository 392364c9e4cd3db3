import type { ImportIssue, QuestionContent } from '@questa/contracts';
import { acceptedCredits, optionCredits } from '@questa/contracts/rules';
import type { ExportPassage, SerializeResult } from '../types';
import { categoryName } from '../shared/category';
import { calculatedSkipped, commonLosses, exportIssue, NOTHING_PACKED } from '../shared/export';
import { encodeUtf8 } from '../shared/text';
import { escapeGift as esc } from './escape';
import { describeGroups, PASSAGE_AGAIN } from '../shared/passages';

type Written = { text: string; warnings: string[] } | { skipped: string };

/**
 * Escapes an answer or feedback text. One that starts like a format tag or a `%50%` weight gets a
 * `[markdown]` tag first, which readers remove, so the text reads back as written.
 */
function answerText(value: string): string {
  const ambiguous = /^\s*(\[(html|markdown|plain|moodle)\]|%-?\d)/.test(value);
  return ambiguous ? `[markdown]${esc(value)}` : esc(value);
}

function weight(share: number): string {
  return String(Number(share.toFixed(5)));
}

/** The `%n%` weight of an answer worth part of the marks; none for a fully right one. */
const worth = (credit: number) => (credit === 1 ? '' : `%${weight(credit * 100)}%`);

const answerFeedback = (feedback: string | undefined) =>
  feedback === undefined ? '' : `#${answerText(feedback)}`;

function answerBlock(q: Exclude<QuestionContent, { type: 'cloze' | 'calculated' }>): Written {
  const warnings: string[] = [];
  switch (q.type) {
    case 'single_choice': {
      const credits = optionCredits(q.type, q.options);
      const lines = q.options.map((o, i) => {
        const credit = credits[i] ?? 0;
        const mark = o.correct ? '=' : credit !== 0 ? `~%${weight(credit * 100)}%` : '~';
        return `${mark}${answerText(o.text)}${answerFeedback(o.feedback)}`;
      });
      return { text: lines.join('\n'), warnings };
    }
    case 'multiple_response': {
      // Without credits these are Questa's defaults, so Moodle scores the question as Questa does.
      const credits = optionCredits(q.type, q.options);
      const lines = q.options.map(
        (o, i) =>
          `~%${weight((credits[i] ?? 0) * 100)}%${answerText(o.text)}${answerFeedback(o.feedback)}`,
      );
      return { text: lines.join('\n'), warnings };
    }
    case 'true_false':
      return { text: q.answer ? 'TRUE' : 'FALSE', warnings };
    case 'short_text':
      if (q.caseSensitive) warnings.push('case-sensitive matching is not kept');
      if (q.whitespace === 'exact') warnings.push('exact white-space matching is not kept');
      return {
        text: acceptedCredits(q)
          .map((credit, i) => `=${worth(credit)}${answerText(q.accepted[i] ?? '')}`)
          .join('\n'),
        warnings,
      };
    case 'numeric': {
      if (q.unit) warnings.push(`the unit (${q.unit}) is not kept`);
      if (!q.alternatives) return { text: `#${q.value}:${q.tolerance}`, warnings };
      const others = q.alternatives.map((a) => `=${worth(a.credit)}${a.value}:${a.tolerance}`);
      return { text: [`#=${q.value}:${q.tolerance}`, ...others].join('\n'), warnings };
    }
    case 'matching':
      if (q.pairs.some((p) => p.prompt.includes('->'))) {
        warnings.push('a prompt containing -> will not read back as written');
      }
      return {
        text: q.pairs.map((p) => `=${answerText(p.prompt)} -> ${esc(p.answer)}`).join('\n'),
        warnings,
      };
    case 'ordering':
      return { skipped: 'GIFT has no ordering questions; skipped' };
    case 'hotspot':
      return { skipped: 'GIFT has no hotspot questions; skipped' };
    // An empty block, which Moodle reads as an essay; GIFT has no place for the rest.
    case 'essay':
      if (q.rubric.trim() !== '') warnings.push('the rubric is not kept');
      if (q.modelAnswer.trim() !== '') warnings.push('the model answer is not kept');
      if (q.minWords !== undefined || q.maxWords !== undefined) {
        warnings.push('word limits are not kept');
      }
      return { text: '', warnings };
  }
}

/** GIFT's missing-word format holds one blank with text after it; other cloze questions are skipped. */
function missingWord(q: Extract<QuestionContent, { type: 'cloze' }>): Written {
  const blank = q.blanks[0];
  const marker = blank && `{{${blank.id}}}`;
  const at = marker ? q.stem.indexOf(marker) : -1;
  if (
    !blank ||
    q.blanks.length > 1 ||
    at === -1 ||
    q.stem.indexOf(marker as string, at + 1) !== -1
  ) {
    return { skipped: 'GIFT holds only one blank per question; skipped' };
  }
  const after = q.stem.slice(at + (marker as string).length);
  if (after.trim() === '') {
    return { skipped: "GIFT's missing-word format needs text after the blank; skipped" };
  }
  const warnings =
    blank.kind === 'text' && blank.caseSensitive ? ['case-sensitive matching is not kept'] : [];
  const before = q.stem.slice(0, at);
  // GIFT readers other than Moodle (the GIFT grammar in PEG.js, for one) want a format tag to be
  // followed by text, so a blank that opens the sentence goes first, untagged; Moodle then reads the
  // text in its own "moodle" format, which renders Markdown emphasis and lists differently.
  const opening = before.trim() === '';
  if (opening && /[*_`#[\]!|<>]/.test(after)) {
    warnings.push('the blank opens the sentence, so the text after it is not marked as Markdown');
  }
  const answers =
    blank.kind === 'text'
      ? blank.accepted.map((a) => `=${answerText(a)}`)
      : blank.options.map((o, i) => `${i === blank.correct ? '=' : '~'}${answerText(o)}`);
  const explanation = q.explanation ? ` ####${answerText(q.explanation)}` : '';
  return {
    text: `${opening ? '' : `[markdown]${esc(before)}`}{${answers.join(' ')}${explanation}}${esc(after)}`,
    warnings,
  };
}

function metadataComment(q: QuestionContent): { line: string; warnings: string[] } {
  const usable = q.tags.filter((t) => !/[[\]]/.test(t));
  const warnings = usable.length < q.tags.length ? ['tags containing [ or ] are not kept'] : [];
  const marks = [...usable.map((t) => `[tag:${t}]`), `[difficulty:${q.difficulty}]`];
  if (q.points !== 1) marks.push(`[points:${q.points}]`);
  return { line: `// ${marks.join(' ')}`, warnings };
}

function question(q: Exclude<QuestionContent, { type: 'calculated' }>): Written {
  if (q.type === 'cloze') return missingWord(q);
  const block = answerBlock(q);
  if ('skipped' in block) return block;
  const explanation = q.explanation ? `####${answerText(q.explanation)}` : '';
  const text = block.text.includes('\n')
    ? `{\n${block.text}${explanation ? `\n${explanation}` : ''}\n}`
    : `{${block.text}${explanation}}`;
  return { text: `[markdown]${esc(q.stem)}${text}`, warnings: block.warnings };
}

/**
 * Writes GIFT. Stems are marked `[markdown]`; the topic becomes `$CATEGORY:`; tags, difficulty and
 * points go in a comment Moodle reads tags from (`// [tag:x] [difficulty:3]`).
 */
export function serializeGift(
  contents: QuestionContent[],
  passages: readonly (ExportPassage | null | undefined)[] = [],
): SerializeResult {
  const warnings: ImportIssue[] = [];
  const chunks: string[] = ['// Questa export in GIFT format', ''];
  const groups = describeGroups(passages);
  let topic: string | undefined;
  contents.forEach((q, index) => {
    if (q.type === 'calculated') {
      warnings.push(calculatedSkipped(q, index, 'GIFT'));
      return;
    }
    const written = question(q);
    if ('skipped' in written) {
      warnings.push(exportIssue(index, written.skipped));
      return;
    }
    const meta = metadataComment(q);
    const lost = [...written.warnings, ...meta.warnings];
    if (q.hints?.length) lost.push('hints are not kept: GIFT has none');
    warnings.push(...lost.map((w) => exportIssue(index, w)));
    warnings.push(
      ...commonLosses(q, index, { points: true, licence: false, packed: NOTHING_PACKED }),
    );
    const newCategory = q.topic !== topic;
    const group = groups.before(index, newCategory);
    if (newCategory || group.endGroup) {
      topic = q.topic;
      chunks.push(`$CATEGORY: ${categoryName(q.topic)}`, '');
    }
    if (group.passage) {
      // A description: text with no answer block, which the questions after it refer to.
      const { title, body } = group.passage.content;
      chunks.push(`::${esc(title)}::[markdown]${esc(body)}`, '');
      if (group.again) warnings.push(exportIssue(index, PASSAGE_AGAIN));
    }
    chunks.push(meta.line, written.text, '');
  });
  return {
    body: encodeUtf8(chunks.join('\n')),
    contentType: 'text/plain; charset=utf-8',
    fileExtension: 'gift',
    warnings,
  };
}
