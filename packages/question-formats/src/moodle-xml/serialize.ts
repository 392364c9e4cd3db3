import type { ImportIssue, PassageContent, QuestionContent } from '@questa/contracts';
import { acceptedCredits, optionCredits } from '@questa/contracts/rules';
import type { ExportMedia, ExportPassage, SerializeResult } from '../types';
import { describeGroups, PASSAGE_AGAIN } from '../shared/passages';
import { categoryName } from '../shared/category';
import { percentOf } from '../shared/credit';
import { commonLosses, exportIssue } from '../shared/export';
import { EXTENSIONS, MEDIA_IMAGE } from '../shared/media';
import { encodeUtf8, xmlEscape } from '../shared/text';
import { calculatedFields } from './calculated';
import { writeEmbedded } from './cloze';

const PLUGINFILE = '@@PLUGINFILE@@/';

/**
 * Writes Markdown text as Moodle does, packing the media it shows as base64 `<file>` children.
 * A sound or a film becomes a link to its file, which Moodle's media filter shows as a player
 * (an image's syntax would make Moodle draw a broken picture).
 */
function richText(
  tag: string,
  text: string,
  media: Map<string, ExportMedia>,
  indent: string,
): string {
  const files = new Map<string, ExportMedia>();
  const body = text.replace(MEDIA_IMAGE, (whole, alt: string, sha: string, kind?: string) => {
    const file = media.get(sha);
    if (!file) return whole;
    const name = `${sha}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
    files.set(name, file);
    if (kind) return `[${alt || name}](${PLUGINFILE}${name})`;
    return `![${alt}](${PLUGINFILE}${name})`;
  });
  const attached = [...files].map(
    ([name, file]) =>
      `\n${indent}  <file name="${name}" path="/" encoding="base64">${Buffer.from(file.bytes).toString('base64')}</file>`,
  );
  return `<${tag} format="markdown">\n${indent}  <text>${xmlEscape(body)}</text>${attached.join('')}\n${indent}</${tag}>`;
}

function answer(fraction: number | string, text: string, extra = ''): string {
  return `<answer fraction="${fraction}" format="plain_text"><text>${xmlEscape(text)}</text>${extra}</answer>`;
}

/** What Moodle XML can carry: core Moodle has no question to click on an image with. */
type Carried = Exclude<QuestionContent, { type: 'hotspot' }>;

function typeFields(
  q: Carried,
  media: Map<string, ExportMedia>,
): { type: string; lines: string[]; losses?: string[] } {
  switch (q.type) {
    case 'single_choice':
    case 'multiple_response': {
      const single = q.type === 'single_choice';
      // Without credits these are Questa's defaults, so Moodle scores the question as Questa does.
      const credits = optionCredits(q.type, q.options);
      const lines = [
        `<single>${single}</single>`,
        '<shuffleanswers>true</shuffleanswers>',
        '<answernumbering>abc</answernumbering>',
      ];
      q.options.forEach((o, i) => {
        const written = richText('answer', o.text, media, '    ').replace(
          '<answer',
          `<answer fraction="${percentOf(credits[i] ?? 0)}"`,
        );
        const feedback =
          o.feedback === undefined
            ? ''
            : `  ${richText('feedback', o.feedback, media, '      ')}\n    `;
        lines.push(written.replace(/<\/answer>$/, `${feedback}</answer>`));
      });
      return { type: 'multichoice', lines };
    }
    case 'true_false':
      return {
        type: 'truefalse',
        lines: [answer(q.answer ? 100 : 0, 'true'), answer(q.answer ? 0 : 100, 'false')],
      };
    case 'short_text': {
      const lines = [
        `<usecase>${q.caseSensitive ? 1 : 0}</usecase>`,
        ...acceptedCredits(q).map((credit, i) => answer(percentOf(credit), q.accepted[i] ?? '')),
      ];
      if (q.whitespace === 'exact') lines.push('<whitespace>exact</whitespace>');
      return { type: 'shortanswer', lines };
    }
    case 'numeric': {
      const accepted = [
        { value: q.value, tolerance: q.tolerance, credit: 1 },
        ...(q.alternatives ?? []),
      ];
      const lines = accepted.map((a) =>
        answer(percentOf(a.credit), String(a.value), `<tolerance>${a.tolerance}</tolerance>`),
      );
      if (q.unit) {
        lines.push(
          `<units><unit><multiplier>1</multiplier><unit_name>${xmlEscape(q.unit)}</unit_name></unit></units>`,
          '<unitgradingtype>0</unitgradingtype>',
          '<showunits>3</showunits>',
          '<unitsleft>0</unitsleft>',
        );
      }
      return { type: 'numerical', lines };
    }
    case 'ordering': {
      const lines = [
        '<layouttype>VERTICAL</layouttype>',
        '<selecttype>ALL</selecttype>',
        '<selectcount>0</selectcount>',
        '<gradingtype>ABSOLUTE_POSITION</gradingtype>',
      ];
      q.items.forEach((item, i) => lines.push(answer(i + 1, item.text)));
      return { type: 'ordering', lines };
    }
    case 'matching': {
      const lines = ['<shuffleanswers>true</shuffleanswers>'];
      for (const p of q.pairs) {
        const sub = richText('subquestion', p.prompt, media, '    ');
        lines.push(
          sub.replace(
            /<\/subquestion>$/,
            `  <answer><text>${xmlEscape(p.answer)}</text></answer>\n    </subquestion>`,
          ),
        );
      }
      return { type: 'matching', lines };
    }
    case 'cloze':
      return { type: 'multianswer', lines: [] };
    case 'calculated':
      return calculatedFields(q);
    case 'essay':
      return {
        type: 'essay',
        lines: [
          '<responseformat>editor</responseformat>',
          '<responserequired>1</responserequired>',
          '<responsefieldlines>15</responsefieldlines>',
          `<minwordlimit>${q.minWords ?? ''}</minwordlimit>`,
          `<maxwordlimit>${q.maxWords ?? ''}</maxwordlimit>`,
          '<attachments>0</attachments>',
          '<attachmentsrequired>0</attachmentsrequired>',
          richText('graderinfo', q.rubric, media, '    '),
          '<responsetemplate format="html"><text></text></responsetemplate>',
          // Moodle has no model answer and skips this element; Questa reads it back.
          richText('modelanswer', q.modelAnswer, media, '    '),
        ],
      };
  }
}

function stemOf(q: Carried): string {
  if (q.type !== 'cloze') return q.stem;
  return q.blanks.reduce(
    (stem, blank) => stem.replace(`{{${blank.id}}}`, writeEmbedded(blank)),
    q.stem,
  );
}

function question(q: Carried, media: Map<string, ExportMedia>): { xml: string; losses: string[] } {
  const { type, lines, losses = [] } = typeFields(q, media);
  const name = q.stem.replace(/\s+/g, ' ').slice(0, 80);
  const fields = [
    `<name><text>${xmlEscape(name)}</text></name>`,
    richText('questiontext', stemOf(q), media, '    '),
    richText('generalfeedback', q.explanation, media, '    '),
    `<defaultgrade>${q.points}</defaultgrade>`,
    ...lines,
    ...(q.hints ?? []).map((hint) => richText('hint', hint, media, '    ')),
    `<tags>${q.tags.map((t) => `<tag><text>${xmlEscape(t)}</text></tag>`).join('')}</tags>`,
    `<difficulty>${q.difficulty}</difficulty>`,
    `<licence>${xmlEscape(q.licence)}</licence>`,
    `<attribution>${xmlEscape(q.attribution)}</attribution>`,
  ];
  const xml = `  <question type="${type}">\n${fields.map((f) => `    ${f}`).join('\n')}\n  </question>`;
  return { xml, losses };
}

/** A passage as Moodle's description: shown before the questions that follow it. */
function description(passage: PassageContent, media: Map<string, ExportMedia>): string {
  const fields = [
    `<name><text>${xmlEscape(passage.title)}</text></name>`,
    richText('questiontext', passage.body, media, '    '),
    '<defaultgrade>0</defaultgrade>',
  ];
  return `  <question type="description">\n${fields.map((f) => `    ${f}`).join('\n')}\n  </question>`;
}

function category(topic: string): string {
  const text = xmlEscape(`$course$/top/${categoryName(topic)}`);
  return `  <question type="category">\n    <category><text>${text}</text></category>\n  </question>`;
}

/**
 * Writes Moodle XML. Texts are Markdown (`format="markdown"`); images travel as base64 `<file>`s.
 * `<difficulty>`, `<licence>`, `<attribution>` and `<whitespace>` are Questa's; Moodle ignores them.
 */
export function serializeMoodleXml(
  contents: QuestionContent[],
  media: ExportMedia[] = [],
  passages: readonly (ExportPassage | null | undefined)[] = [],
): SerializeResult {
  const byHash = new Map(media.map((m) => [m.sha256, m]));
  const warnings: ImportIssue[] = [];
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- Questa export in Moodle XML -->',
    '<quiz>',
  ];
  const groups = describeGroups(passages);
  let topic: string | undefined;
  contents.forEach((q, index) => {
    if (q.type === 'hotspot') {
      warnings.push(exportIssue(index, 'Moodle XML has no hotspot questions; skipped'));
      return;
    }
    const newCategory = q.topic !== topic;
    const group = groups.before(index, newCategory);
    if (newCategory || group.endGroup) parts.push(category((topic = q.topic)));
    if (group.passage) {
      parts.push(description(group.passage.content, byHash));
      if (group.again) warnings.push(exportIssue(index, PASSAGE_AGAIN));
    }
    const { xml, losses } = question(q, byHash);
    parts.push(xml);
    warnings.push(...losses.map((loss) => exportIssue(index, loss)));
    warnings.push(
      ...commonLosses(q, index, { points: true, licence: true, packed: new Set(byHash.keys()) }),
    );
  });
  parts.push('</quiz>', '');
  return {
    body: encodeUtf8(parts.join('\n')),
    contentType: 'application/xml',
    fileExtension: 'xml',
    warnings,
  };
}
