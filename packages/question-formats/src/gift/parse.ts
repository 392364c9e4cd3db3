import { DescriptionGroups } from '../shared/passages';
import type { ParseResult } from '../types';
import { topicFromCategory } from '../shared/category';
import { decodeText } from '../shared/decode';
import { parseHtml, toMarkdown } from '../shared/html';
import type { Draft, ItemRef } from '../shared/result';
import { addItem, emptyResult, itemIssue, tooLarge, tooManyItems } from '../shared/result';
import { blankLosses, parseAnswerBlock, partialCreditLost } from './answers';
import { protect, restore } from './escape';
import { readText, splitFormat } from './text';

interface Block {
  /** 1-based line of the block's first line that is not a comment. */
  line: number;
  lines: string[];
  comments: string[];
}

/** Blank lines separate questions; a `$CATEGORY:` line always stands on its own. */
function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  let comments: string[] = [];
  const close = () => {
    if (current) blocks.push(current);
    current = undefined;
    comments = [];
  };
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return close();
    if (line.startsWith('//')) {
      if (current) current.comments.push(line);
      else comments.push(line);
      return;
    }
    if (line.startsWith('$CATEGORY:')) {
      close();
      blocks.push({ line: index + 1, lines: [line], comments: [] });
      return;
    }
    current ??= { line: index + 1, lines: [], comments };
    current.lines.push(raw);
  });
  close();
  return blocks;
}

/** Questa keeps tags, difficulty and points in comments: `// [tag:algebra] [difficulty:4]`. */
function commentMetadata(comments: string[]) {
  const text = comments.join(' ');
  const tags = [...text.matchAll(/\[tag:([^[\]]+)\]/g)].map((m) => (m[1] as string).trim());
  const difficulty = /\[difficulty:\s*(\d+)\]/.exec(text);
  const points = /\[points:\s*([\d.]+)\]/.exec(text);
  return {
    ...(tags.length > 0 ? { tags } : {}),
    ...(difficulty ? { difficulty: Number(difficulty[1]) } : {}),
    ...(points ? { points: Number(points[1]) } : {}),
  };
}

type Outcome =
  | { ok: true; draft: Draft; warnings: string[] }
  | { ok: false; line: number; error: string }
  | { description: { title: string; body: string } };

function parseQuestion(block: Block, topic: string | undefined): Outcome {
  const source = protect(block.lines.join('\n'));
  const lineAt = (offset: number) =>
    block.line + (source.slice(0, offset).match(/\n/g)?.length ?? 0);
  const fail = (offset: number, error: string): Outcome => ({
    ok: false,
    line: lineAt(offset),
    error,
  });
  let start = source.search(/\S/);
  let title = '';
  if (source.startsWith('::', start)) {
    const end = source.indexOf('::', start + 2);
    if (end === -1) return fail(start, 'the title is not closed with ::');
    title = restore(source.slice(start + 2, end));
    start = end + 2;
  }
  const open = source.indexOf('{', start);
  const close = source.lastIndexOf('}');
  if (open === -1 && close === -1) {
    // A description: the shared text the questions after it refer to.
    const { format, text } = splitFormat(source.slice(start));
    const body = format === 'html' ? toMarkdown(parseHtml(restore(text))) : restore(text);
    return { description: { title, body: body.trim() } };
  }
  if (open === -1) return fail(close, 'unexpected }: write \\} for a literal brace');
  if (close < open) return fail(open, 'the answer block opened with { is not closed with }');
  const stray = [source.indexOf('}', start), source.indexOf('{', open + 1)].filter(
    (i) => i !== -1 && i !== close,
  );
  if (stray.length > 0) {
    const at = Math.min(...stray);
    return fail(at, `unexpected ${source[at]}: write \\${source[at]} for a literal brace`);
  }
  const { format, text: before } = splitFormat(source.slice(start, open));
  const toText = (text: string) =>
    format === 'html' ? toMarkdown(parseHtml(restore(text))) : restore(text);
  let answers = source.slice(open + 1, close);
  const general = answers.lastIndexOf('####');
  const explanation = general === -1 ? '' : readText(answers.slice(general + 4), format);
  if (general !== -1) answers = answers.slice(0, general);
  const answered = parseAnswerBlock(answers, format);
  if (!answered.ok) return fail(open, answered.error);
  const after = source.slice(close + 1);
  const common = { explanation, topic, ...commentMetadata(block.comments) };
  const body = answered.draft;
  if (after.trim() === '') {
    return {
      ok: true,
      draft: { ...body, ...common, stem: toText(before) } as Draft,
      warnings: answered.warnings,
    };
  }
  // Missing-word format: text on both sides of the answers makes a blank in the sentence.
  const stem = toText(`${before}{{1}}${after}`);
  if (body.type === 'single_choice') {
    const correct = body.options.findIndex((o) => o.correct);
    const blank = {
      id: '1',
      kind: 'choice' as const,
      options: body.options.map((o) => o.text),
      correct,
    };
    return {
      ok: true,
      draft: { type: 'cloze', blanks: [blank], stem, ...common },
      warnings: [...answered.warnings, ...blankLosses(body.options)],
    };
  }
  if (body.type === 'short_text') {
    // A blank has no credits: it keeps the fully right answers and names the others.
    const credits = body.credits ?? [];
    const accepted = body.accepted.filter((_, i) => (credits[i] ?? 1) === 1);
    const losses = body.accepted.flatMap((text, i) => {
      const credit = credits[i] ?? 1;
      return credit === 1 ? [] : [partialCreditLost(credit * 100, text)];
    });
    const blank = { id: '1', kind: 'text' as const, accepted };
    return {
      ok: true,
      draft: { type: 'cloze', blanks: [blank], stem, ...common },
      warnings: [...answered.warnings, ...losses],
    };
  }
  const text = stem.replace('{{1}}', '_____');
  return {
    ok: true,
    draft: { ...body, ...common, stem: text } as Draft,
    warnings: answered.warnings,
  };
}

/** Parses Moodle's GIFT text format. */
export function parseGift(input: Uint8Array): ParseResult {
  const large = tooLarge(input.byteLength);
  if (large) return large;
  const { text, warning } = decodeText(input);
  const blocks = splitBlocks(text);
  const isCategory = (b: Block) => b.lines[0]?.trim().startsWith('$CATEGORY:') === true;
  const refused = tooManyItems(blocks.filter((b) => !isCategory(b)).length);
  if (refused) return refused;
  const result = emptyResult();
  if (warning) result.warnings.push({ message: warning });
  let topic: string | undefined;
  const groups = new DescriptionGroups(result);
  for (const block of blocks) {
    if (isCategory(block)) {
      topic = topicFromCategory((block.lines[0] as string).slice('$CATEGORY:'.length));
      groups.close();
      continue;
    }
    const outcome = parseQuestion(block, topic);
    if ('description' in outcome) {
      const { title, body } = outcome.description;
      const label = title ? `The description "${title}"` : 'A description';
      groups.start(title, body, label, block.line);
      continue;
    }
    const ref: ItemRef = { item: result.total + 1, line: block.line };
    result.total += 1;
    if (!outcome.ok) {
      result.errors.push(itemIssue({ ...ref, line: outcome.line }, outcome.error));
      continue;
    }
    result.warnings.push(...outcome.warnings.map((w) => itemIssue(ref, w)));
    const before = result.items.length;
    addItem(result, ref, outcome.draft);
    groups.attachNewest(before);
  }
  groups.finish();
  return result;
}
