import type { ImportIssue, QuestionContent } from '@questa/contracts';
import { zipSync } from 'fflate';
import type { ExportMedia, ExportPassage, SerializeResult } from '../types';
import { calculatedSkipped, commonLosses, exportIssue } from '../shared/export';
import { EXTENSIONS } from '../shared/media';
import { encodeUtf8, xmlEscape } from '../shared/text';
import { QUESTA_NS } from './ids';
import { itemXml } from './serialize-item';
import { STIMULUS_TYPE, stimulusXml, withStimulusRef } from './stimulus';

// A fixed date keeps exports byte-for-byte reproducible (and this package off the clock).
const ZIP_DATE = new Date('2000-01-01T00:00:00Z');

function mediaPath(file: ExportMedia): string {
  return `media/${file.sha256}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
}

/**
 * Questa's fields in the manifest, in Questa's namespace; tags also as LOM keywords. The content
 * packaging schema allows no foreign element directly in a resource's `<metadata>`, so Questa's
 * block sits in LOM's extension point (LOM's `lom` element takes elements of other namespaces).
 */
function metadata(q: QuestionContent): string {
  const el = (name: string, text: string | number) =>
    `<questa:${name}>${xmlEscape(String(text))}</questa:${name}>`;
  const fields = [
    el('type', q.type),
    el('topic', q.topic),
    el('difficulty', q.difficulty),
    el('points', q.points),
    ...q.tags.map((t) => el('tag', t)),
    el('licence', q.licence),
    el('attribution', q.attribution),
  ];
  if (q.type === 'short_text') fields.push(el('whitespace', q.whitespace));
  if ((q.type === 'numeric' || q.type === 'calculated') && q.unit) fields.push(el('unit', q.unit));
  if (q.type === 'essay' && q.minWords !== undefined) fields.push(el('minWords', q.minWords));
  if (q.type === 'essay' && q.maxWords !== undefined) fields.push(el('maxWords', q.maxWords));
  const keywords = q.tags.map(
    (t) => `<imsmd:keyword><imsmd:string>${xmlEscape(t)}</imsmd:string></imsmd:keyword>`,
  );
  const general = keywords.length > 0 ? `<imsmd:general>${keywords.join('')}</imsmd:general>` : '';
  return `<metadata><imsmd:lom>${general}<questa:question>${fields.join('')}</questa:question></imsmd:lom></metadata>`;
}

function manifest(resources: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" xmlns:imsmd="http://ltsc.ieee.org/xsd/LOM" xmlns:questa="${QUESTA_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd" identifier="questa-export">
  <metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
  <organizations/>
  <resources>
${resources.join('\n')}
  </resources>
</manifest>
`;
}

/**
 * Writes a QTI 3.0 content package: `imsmanifest.xml`, one `item-N.xml` per question and the
 * images the questions show under `media/<sha256>.<ext>`.
 */
export function serializeQtiPackage(
  contents: QuestionContent[],
  media: ExportMedia[] = [],
  passages: readonly (ExportPassage | null | undefined)[] = [],
): SerializeResult {
  const byHash = new Map(media.map((m) => [m.sha256, m]));
  const files: Record<string, Uint8Array> = {};
  const resources: string[] = [];
  const packed = new Set<string>();
  const warnings: ImportIssue[] = [];
  // One stimulus file per passage, which each of its items refers to.
  const stimuli = new Map<string, string>();
  contents.forEach((q, index) => {
    const identifier = `item-${index + 1}`;
    const used = new Set<ExportMedia>();
    const missing = new Set<string>();
    const image = (alt: string, sha: string, kind?: 'audio' | 'video') => {
      const file = byHash.get(sha);
      if (file) used.add(file);
      else missing.add(sha);
      const src = file ? mediaPath(file) : `media/${sha}`;
      // A sound or a film as an `<object>` with its description as the fallback text: QTI has
      // carried `<object>` since 2.0, and every reader of it knows the element.
      if (kind) {
        const type = file?.contentType ?? `${kind}/*`;
        return `<object data="${src}" type="${type}">${xmlEscape(alt)}</object>`;
      }
      return `<img src="${src}" alt="${xmlEscape(alt)}"/>`;
    };
    const item = itemXml(q, identifier, image);
    if (!item) {
      if (q.type === 'calculated') {
        const why =
          'its formula rounds to a computed number of places, or its text prints a value inside math, which QTI cannot express';
        warnings.push(calculatedSkipped(q, index, 'QTI', why));
      }
      return;
    }
    let xml = item.xml;
    const passage = passages[index];
    let stimulusDep = '';
    if (passage) {
      let stimulus = stimuli.get(passage.id);
      if (!stimulus) {
        stimulus = `stimulus-${stimuli.size + 1}`;
        stimuli.set(passage.id, stimulus);
        const stimulusUsed = new Set<ExportMedia>();
        const stimulusImage = (alt: string, sha: string) => {
          const file = byHash.get(sha);
          if (file) stimulusUsed.add(file);
          return `<img src="${file ? mediaPath(file) : `media/${sha}`}" alt="${xmlEscape(alt)}"/>`;
        };
        files[`${stimulus}.xml`] = encodeUtf8(
          stimulusXml(passage.content, stimulus, stimulusImage),
        );
        for (const file of stimulusUsed) {
          files[mediaPath(file)] = file.bytes;
          packed.add(file.sha256);
        }
        const mediaDeps = [...stimulusUsed]
          .map((f) => `<dependency identifierref="media-${f.sha256}"/>`)
          .join('');
        resources.push(
          `    <resource identifier="${stimulus}" type="${STIMULUS_TYPE}" href="${stimulus}.xml"><file href="${stimulus}.xml"/>${mediaDeps}</resource>`,
        );
      }
      xml = withStimulusRef(xml, stimulus, passage.content.title);
      stimulusDep = `\n      <dependency identifierref="${stimulus}"/>`;
    }
    files[`${identifier}.xml`] = encodeUtf8(xml);
    warnings.push(...item.losses.map((loss) => exportIssue(index, loss)));
    for (const file of used) {
      files[mediaPath(file)] = file.bytes;
      packed.add(file.sha256);
    }
    const deps =
      [...used].map((f) => `\n      <dependency identifierref="media-${f.sha256}"/>`).join('') +
      stimulusDep;
    resources.push(
      `    <resource identifier="${identifier}" type="imsqti_item_xmlv3p0" href="${identifier}.xml">\n      ${metadata(q)}\n      <file href="${identifier}.xml"/>${deps}\n    </resource>`,
    );
    for (const sha of missing)
      warnings.push(exportIssue(index, `the file media:${sha} was not supplied and is not packed`));
    if (q.hints?.length) {
      warnings.push(
        exportIssue(index, 'hints are not kept: QTI 3 has no standard element for them'),
      );
    }
    warnings.push(
      ...commonLosses(q, index, {
        points: true,
        licence: true,
        packed: new Set([...[...used].map((f) => f.sha256), ...missing]),
      }),
    );
  });
  for (const sha of packed) {
    const path = mediaPath(byHash.get(sha) as ExportMedia);
    resources.push(
      `    <resource identifier="media-${sha}" type="webcontent" href="${path}"><file href="${path}"/></resource>`,
    );
  }
  const body = zipSync(
    { 'imsmanifest.xml': encodeUtf8(manifest(resources)), ...files },
    { level: 6, mtime: ZIP_DATE },
  );
  return { body, contentType: 'application/zip', fileExtension: 'zip', warnings };
}
