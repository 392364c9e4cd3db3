import type { ImportedMedia } from '../types';
import { parseHtml, toMarkdown } from '../shared/html';
import { contentTypeOf, markdownImage, sha256Hex } from '../shared/media';
import { decodeUriPath } from '../shared/text';
import type { XmlElement } from '../shared/xml';
import { childElements, path, textContent } from '../shared/xml';

const PLUGINFILE = '@@PLUGINFILE@@/';

/** Reads Moodle's text fields, collecting embedded image files; shared by one file's questions. */
export class MoodleTextReader {
  readonly media: ImportedMedia[] = [];
  private readonly known = new Map<string, string>();
  /** Problems met while reading the current question; the caller drains them. */
  problems = new Set<string>();

  /** A `<questiontext>`-like element: `format` attribute, `<text>`, and `<file>` children. */
  read(el: XmlElement | undefined): string {
    if (!el) return '';
    const text = textContent(path(el, 'text'));
    const format = el.attrs.format ?? 'html';
    const files = new Map(childElements(el, 'file').map((f) => [f.attrs.name ?? '', f] as const));
    const image = (src: string, alt: string) => {
      if (!src.startsWith(PLUGINFILE)) return alt;
      const name = decodeUriPath(src.slice(PLUGINFILE.length).split('?')[0] ?? '');
      const sha = this.file(name, files.get(name));
      if (!sha) {
        this.problems.add(`the image ${name} is not in the file and is dropped`);
        return alt;
      }
      return markdownImage(alt, sha);
    };
    if (format === 'markdown' || format === 'plain_text') {
      return text.replace(
        /!\[((?:[^[\]\\]|\\.)*)\]\(([^)\s]+)\)/g,
        (whole, alt: string, src: string) =>
          src.startsWith(PLUGINFILE) ? image(src, alt.replace(/\\(.)/g, '$1')) : whole,
      );
    }
    return toMarkdown(parseHtml(text), { image });
  }

  /** Decodes an embedded base64 file once and returns its sha256. */
  private file(name: string, el: XmlElement | undefined): string | undefined {
    if (!el || el.attrs.encoding !== 'base64') return undefined;
    const key = `${el.attrs.path ?? '/'}${name}`.replace(/^\/+/, '');
    const cached = this.known.get(key);
    if (cached) return cached;
    const bytes = Uint8Array.from(Buffer.from(textContent(el).trim(), 'base64'));
    const sha = sha256Hex(bytes);
    this.known.set(key, sha);
    if (!this.media.some((m) => m.path === key)) {
      const contentType = contentTypeOf(name);
      this.media.push(contentType ? { path: key, bytes, contentType } : { path: key, bytes });
    }
    return sha;
  }
}
