import type { ImportIssue, QuestionContent } from '@questa/contracts';
import type { ExportMedia, SerializeResult } from '../types';
import { categoryName } from '../shared/category';
import { commonLosses } from '../shared/export';
import { EXTENSIONS, MEDIA_IMAGE } from '../shared/media';
import { encodeUtf8, xmlEscape } from '../shared/text';
import { writeEmbedded } from './cloze';

const PLUGINFILE = '@@PLUGINFILE@@/';

/** Writes Markdown text as Moodle does, packing the images it shows as base64 `<file>` children. */
function richText(
  tag: string,
  text: string,
  media: Map<string, ExportMedia>,
  indent: string,
): string {
  const files = new Map<string, ExportMedia>();
  const body = text.replace(MEDIA_IMAGE, (whole, alt: string, sha: string) => {
    const file = media.get(sha);
    if (!file) return whole;
    const name = `${sha}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
    files.set(name, file);
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

function typeFields(
  q: QuestionContent,
  media: Map<string, ExportMedia>,
): { type: string; lines: string[] } {
  switch (q.type) {
    case 'single_choice':
    case 'multiple_response': {
      const single = q.type === 'single_choice';
      const share = Number((100 / q.options.filter((o) => o.correct).length).toFixed(5));
      const lines = [
        `<single>${single}</single>`,
        '<shuffleanswers>true</shuffleanswers>',
        '<answernumbering>abc</answernumbering>',
      ];
      for (const o of q.options) {
        lines.push(
          richText('answer', o.text, media, '    ').replace(
            '<answer',
            `<answer fraction="${o.correct ? (single ? 100 : share) : 0}"`,
          ),
        );
      }
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
        ...q.accepted.map((a) => answer(100, a)),
      ];
      if (q.whitespace === 'exact') lines.push('<whitespace>exact</whitespace>');
      return { type: 'shortanswer', lines };
    }
    case 'numeric': {
      const lines = [answer(100, String(q.value), `<tolerance>${q.tolerance}</tolerance>`)];
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

function stemOf(q: QuestionContent): string {
  if (q.type !== 'cloze') return q.stem;
  return q.blanks.reduce(
    (stem, blank) => stem.replace(`{{${blank.id}}}`, writeEmbedded(blank)),
    q.stem,
  );
}

function question(q: QuestionContent, media: Map<string, ExportMedia>): string {
  const { type, lines } = typeFields(q, media);
  const name = q.stem.replace(/\s+/g, ' ').slice(0, 80);
  const fields = [
    `<name><text>${xmlEscape(name)}</text></name>`,
    richText('questiontext', stemOf(q), media, '    '),
    richText('generalfeedback', q.explanation, media, '    '),
    `<defaultgrade>${q.points}</defaultgrade>`,
    ...lines,
    `<tags>${q.tags.map((t) => `<tag><text>${xmlEscape(t)}</text></tag>`).join('')}</tags>`,
    `<difficulty>${q.difficulty}</difficulty>`,
    `<licence>${xmlEscape(q.licence)}</licence>`,
    `<attribution>${xmlEscape(q.attribution)}</attribution>`,
  ];
  return `  <question type="${type}">\n${fields.map((f) => `    ${f}`).join('\n')}\n  </question>`;
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
): SerializeResult {
  const byHash = new Map(media.map((m) => [m.sha256, m]));
  const warnings: ImportIssue[] = [];
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- Questa export in Moodle XML -->',
    '<quiz>',
  ];
  let topic: string | undefined;
  contents.forEach((q, index) => {
    if (q.topic !== topic) parts.push(category((topic = q.topic)));
    parts.push(question(q, byHash));
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
