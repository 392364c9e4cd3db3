import { passageContent, type PassageContent } from '@questa/contracts';
import { toMarkdown, blockXhtml } from '../shared/html';
import type { ImageWriter } from '../shared/html';
import { passageMedia, titleFrom } from '../shared/passages';
import { xmlEscape } from '../shared/text';
import type { XmlElement } from '../shared/xml';
import { parseXml, path } from '../shared/xml';
import { mathToTex } from './mathml';

export const STIMULUS_TYPE = 'imsqti_stimulus_xmlv3p0';

/**
 * Reads a `qti-assessment-stimulus` file into a passage: its title and its body as Markdown, math
 * as TeX and images through `image` (resolved against the stimulus file, not the item).
 */
export function readStimulus(
  text: string,
  image: (src: string, alt: string) => string,
  fallbackTitle: string,
): { ok: true; content: PassageContent; warnings: string[] } | { ok: false; error: string } {
  const xml = parseXml(text);
  if (!xml.ok) return { ok: false, error: `line ${xml.line}: ${xml.message}` };
  if (xml.root.name !== 'qti-assessment-stimulus') {
    return { ok: false, error: `not a QTI 3 assessment stimulus (root <${xml.root.name}>)` };
  }
  const body = path(xml.root, 'qti-stimulus-body');
  if (!body) return { ok: false, error: 'the stimulus has no qti-stimulus-body' };
  const warnings = new Set<string>();
  const markdown = toMarkdown(body.children, {
    image,
    element: (el: XmlElement) => {
      if (el.name !== 'math') return undefined;
      const { tex, unknown } = mathToTex(el);
      if (unknown.length > 0) warnings.add('some MathML could not be converted to TeX');
      return tex;
    },
  }).trim();
  const parsed = passageContent.safeParse({
    title: titleFrom(xml.root.attrs.title ?? fallbackTitle, markdown),
    body: markdown,
    media: passageMedia(markdown),
  });
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues.map((i) => i.message).join('; ') };
  }
  return { ok: true, content: parsed.data, warnings: [...warnings] };
}

/** A passage as a QTI 3 stimulus file. */
export function stimulusXml(passage: PassageContent, identifier: string, image: ImageWriter) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-stimulus xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd" identifier="${identifier}" title="${xmlEscape(passage.title)}">
  <qti-stimulus-body>${blockXhtml(passage.body, image)}</qti-stimulus-body>
</qti-assessment-stimulus>
`;
}

/** The reference an item makes to its stimulus, placed before its body as QTI 3 orders them. */
export function withStimulusRef(item: string, identifier: string, title: string): string {
  const ref = `  <qti-assessment-stimulus-ref identifier="${identifier}" href="${identifier}.xml" title="${xmlEscape(title)}"/>\n`;
  return item.replace('  <qti-item-body>', `${ref}  <qti-item-body>`);
}
