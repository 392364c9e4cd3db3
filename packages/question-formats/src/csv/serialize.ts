import type { ImportIssue, QuestionContent } from '@questa/contracts';
import type { SerializeResult } from '../types';
import { calculatedSkipped, commonLosses, exportIssue, NOTHING_PACKED } from '../shared/export';
import { encodeUtf8 } from '../shared/text';
import { COLUMNS, escapeCell, EXTRA_COLUMNS, writeRow } from './format';

const list = (parts: string[], specials = '|') =>
  parts.map((p) => escapeCell(p, specials)).join('|');

/** CSV's columns hold text; a hotspot question's image and regions have no place in them. */
function optionsAndCorrect(
  q: Exclude<QuestionContent, { type: 'hotspot' | 'calculated' }>,
): [string, string] {
  switch (q.type) {
    case 'single_choice':
    case 'multiple_response': {
      const right = q.options.flatMap((o, i) => (o.correct ? [String(i + 1)] : []));
      return [list(q.options.map((o) => o.text)), right.join('|')];
    }
    case 'true_false':
      return ['', String(q.answer)];
    case 'short_text': {
      const flags = [
        ...(q.caseSensitive ? ['case-sensitive'] : []),
        ...(q.whitespace === 'exact' ? ['exact-whitespace'] : []),
      ];
      return [flags.join('|'), list(q.accepted)];
    }
    case 'numeric': {
      const within = (a: { value: number; tolerance: number }) =>
        a.tolerance === 0 ? String(a.value) : `${a.value}±${a.tolerance}`;
      return [escapeCell(q.unit ?? '', ''), [q, ...(q.alternatives ?? [])].map(within).join('|')];
    }
    case 'ordering':
      return [list(q.items.map((i) => i.text)), ''];
    case 'matching':
      return [
        q.pairs
          .map((p) => `${escapeCell(p.prompt, '|=')}=>${escapeCell(p.answer, '|=')}`)
          .join('|'),
        '',
      ];
    case 'cloze': {
      const blank = (b: (typeof q.blanks)[number]) => {
        const id = escapeCell(b.id, '|:/');
        if (b.kind === 'choice')
          return `${id}:choice:${b.options.map((o) => escapeCell(o, '|:/')).join('/')}:${b.correct + 1}`;
        return `${id}:text:${b.accepted.map((a) => escapeCell(a, '|:/')).join('/')}${b.caseSensitive ? ':case-sensitive' : ''}`;
      };
      return [q.blanks.map(blank).join('|'), ''];
    }
    case 'essay':
      return [escapeCell(q.rubric, ''), escapeCell(q.modelAnswer, '')];
  }
}

const percent = (credit: number) => String(Number((credit * 100).toFixed(5)));

/** Accepted answers' credits, an empty entry for a fully right one; empty when all are. */
function answerCredits(q: QuestionContent): string {
  const credits =
    q.type === 'short_text' && q.credits
      ? q.credits
      : q.type === 'numeric' && q.alternatives
        ? [1, ...q.alternatives.map((a) => a.credit)]
        : [];
  return credits.some((c) => c !== 1)
    ? credits.map((c) => (c === 1 ? '' : percent(c))).join('|')
    : '';
}

/** The credit, feedback and hints cells: one entry per option, empty where an option has none. */
function extras(q: QuestionContent): string[] {
  const perOption = (pick: (o: { credit?: number; feedback?: string }) => string) =>
    'options' in q && q.options.some((o) => pick(o) !== '')
      ? q.options.map((o) => escapeCell(pick(o), '|')).join('|')
      : '';
  return [
    perOption((o) => (o.credit === undefined ? '' : percent(o.credit))) || answerCredits(q),
    perOption((o) => o.feedback ?? ''),
    list(q.hints ?? []),
  ];
}

/** Writes Questa's CSV format (see `format.ts`), with a BOM so spreadsheets read it as UTF-8. */
export function serializeCsv(contents: QuestionContent[]): SerializeResult {
  const warnings: ImportIssue[] = [];
  // Files of questions without credits, feedback or hints keep the columns they always had.
  const extra = contents.some((q) => extras(q).some((cell) => cell !== ''));
  const rows = [writeRow([...COLUMNS, ...(extra ? EXTRA_COLUMNS : [])])];
  contents.forEach((q, index) => {
    if (q.type === 'hotspot') {
      warnings.push(exportIssue(index, 'CSV has no hotspot questions; skipped'));
      return;
    }
    if (q.type === 'calculated') {
      warnings.push(calculatedSkipped(q, index, 'CSV'));
      return;
    }
    const [options, correct] = optionsAndCorrect(q);
    rows.push(
      writeRow([
        q.type,
        q.stem,
        options,
        correct,
        q.explanation,
        q.topic,
        list(q.tags),
        String(q.difficulty),
        ...(extra ? extras(q) : []),
      ]),
    );
    warnings.push(
      ...commonLosses(q, index, { points: false, licence: false, packed: NOTHING_PACKED }),
    );
    if (q.type === 'essay' && (q.minWords !== undefined || q.maxWords !== undefined)) {
      warnings.push(exportIssue(index, 'word limits are not kept'));
    }
  });
  return {
    body: encodeUtf8(`\uFEFF${rows.join('\r\n')}\r\n`),
    contentType: 'text/csv; charset=utf-8',
    fileExtension: 'csv',
    warnings,
  };
}
