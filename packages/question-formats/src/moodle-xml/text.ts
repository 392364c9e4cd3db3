import type { ImportedMedia } from '../types';
import { parseHtml, toMarkdown } from '../shared/html';
import {
  contentTypeOf,
  EXTENSIONS,
  markdownImage,
  playerKind,
  sha256Hex,
  type PlayerKind,
} from '../shared/media';
import { decodeUriPath } from '../shared/text';
import type { XmlElement } from '../shared/xml';
import { childElements, path, textContent } from '../shared/xml';
import { convertMath } from './math';

const PLUGINFILE = '@@PLUGINFILE@@/';
const CLOZE_ENTITY = /&#(?:0*(?:35|125|126)|x0*(?:23|7d|7e));|&(?:num|rcub|rbrace);/gi;
const NAMED: Record<string, string> = { num: '#', rcub: '}', rbrace: '}' };
const decodeCharacter = (entity: string) => {
  const body = entity.slice(1, -1).toLowerCase();
  if (!body.startsWith('#')) return NAMED[body] ?? '';
  return String.fromCodePoint(
    body[1] === 'x' ? parseInt(body.slice(2), 16) : Number(body.slice(1)),
  );
};
const EXTERNAL = /^https?:\/\//i;
const AUDIO = /\.(mp3|m4a|aac|wav|ogg|oga|opus|flac|wma)(\?|#|$)/i;
const VIDEO = /\.(mp4|m4v|webm|ogv|mov|avi|wmv|flv|mkv|mpe?g)(\?|#|$)/i;
const PLAYERS = new Set(['audio', 'video', 'iframe', 'embed', 'object']);

const fileName = (src: string) =>
  decodeUriPath(src.slice(PLUGINFILE.length).split(/[?#]/)[0] ?? '');
const mediaKind = (src: string, fallback = 'file') =>
  AUDIO.test(src) ? 'audio file' : VIDEO.test(src) ? 'video' : fallback;
const linkText = (text: string) => text.replace(/[[\]\\]/g, '\\$&').trim();

/**
 * Reads Moodle's text fields, collecting embedded image, audio and video files; shared by one
 * file's questions.
 */
export class MoodleTextReader {
  readonly media: ImportedMedia[] = [];
  private readonly known = new Map<string, string>();
  /** Problems met while reading the current question; the caller drains them. */
  problems = new Set<string>();

  /** A `<questiontext>`-like element: `format` attribute, `<text>`, and `<file>` children. */
  read(el: XmlElement | undefined, defaultFormat = 'html', cloze = false): string {
    if (!el) return '';
    const raw = textContent(path(el, 'text'));
    // Moodle finds embedded answers before it decodes entities, so an encoded } # or ~ is literal.
    const text = cloze ? raw.replace(CLOZE_ENTITY, (e) => `\\${decodeCharacter(e)}`) : raw;
    const format = el.attrs.format ?? defaultFormat;
    const files = new Map(childElements(el, 'file').map((f) => [f.attrs.name ?? '', f] as const));
    const image = (src: string, alt: string) => this.image(src, alt, files);
    // Questa's own exports are Markdown; Moodle's Markdown would have eaten `\(` already.
    if (format === 'markdown') {
      return text.replace(
        /(!?)\[((?:[^[\]\\]|\\.)*)\]\(([^)\s]+)\)/g,
        (whole, bang: string, alt: string, src: string) => {
          if (!src.startsWith(PLUGINFILE)) return whole;
          const description = alt.replace(/\\(.)/g, '$1');
          if (bang) return image(src, description);
          // Questa writes a sound or a film as a link to its file, which Moodle's media filter
          // plays; read back, it is the same media again.
          return this.embeddedPlayer(fileName(src), description, files, undefined) ?? whole;
        },
      );
    }
    if (format === 'plain_text') return convertMath(text);
    // Moodle's auto-format shows each line break in the source as a break.
    const html = format === 'moodle_auto_format' ? text.replace(/\r?\n/g, '<br>') : text;
    const element = (node: XmlElement) => this.element(node, files, image);
    return convertMath(toMarkdown(parseHtml(html), { image, element }));
  }

  /** Moodle 1.9 kept one picture per question in `<image>` (and `<image_base64>`). */
  legacyImage(q: XmlElement): string {
    const name = textContent(path(q, 'image')).trim();
    if (!name) return '';
    const data = textContent(path(q, 'image_base64')).replace(/\s+/g, '');
    if (data) {
      const bytes = Uint8Array.from(Buffer.from(data, 'base64'));
      return markdownImage('', this.store(name, bytes));
    }
    if (EXTERNAL.test(name)) {
      this.problems.add(`the image at ${name} is not stored in Questa; a link to it is kept`);
      return `[${linkText(name)}](${name})`;
    }
    this.problems.add(`the image ${name} is not in the file and is dropped`);
    return '';
  }

  private image(src: string, alt: string, files: Map<string, XmlElement>): string {
    const dataUri = /^data:(image\/[\w.+-]+);base64,(.*)$/is.exec(src);
    if (dataUri) {
      const type = (dataUri[1] as string).toLowerCase();
      const bytes = Uint8Array.from(Buffer.from(dataUri[2] as string, 'base64'));
      return markdownImage(alt, this.store(`image.${EXTENSIONS[type] ?? 'bin'}`, bytes));
    }
    if (EXTERNAL.test(src)) {
      this.problems.add(`the image at ${src} is not stored in Questa; a link to it is kept`);
      return `[${linkText(alt) || 'image'}](${src})`;
    }
    const name = src.startsWith(PLUGINFILE) ? fileName(src) : src;
    const file = src.startsWith(PLUGINFILE) ? files.get(name) : undefined;
    if (!file || file.attrs.encoding !== 'base64') {
      this.problems.add(`the image ${name} is not in the file and is dropped`);
      return alt;
    }
    return markdownImage(
      alt,
      this.store(
        name,
        Uint8Array.from(Buffer.from(textContent(file).replace(/\s+/g, ''), 'base64')),
      ),
    );
  }

  /** Links and players: what Questa cannot store is named in a warning, external ones stay links. */
  private element(
    el: XmlElement,
    files: Map<string, XmlElement>,
    image: (src: string, alt: string) => string,
  ): string | null | undefined {
    const inner = () =>
      toMarkdown(el.children, { image, element: (n) => this.element(n, files, image) });
    if (el.name === 'a') {
      const href = (el.attrs.href ?? '').trim();
      const text = inner();
      if (href === '' || href.startsWith('#')) return text;
      if (href.startsWith(PLUGINFILE)) {
        const name = fileName(href);
        const player = this.embeddedPlayer(name, text, files, undefined);
        if (player !== undefined) return player;
        this.problems.add(
          `the linked ${mediaKind(name)} ${name} cannot be stored in Questa and is dropped; the link text is kept`,
        );
        return text;
      }
      if (EXTERNAL.test(href) || /^mailto:/i.test(href)) {
        if (AUDIO.test(href) || VIDEO.test(href)) {
          this.problems.add(
            `the ${mediaKind(href)} at ${href} is not stored in Questa; a link to it is kept`,
          );
        }
        return `[${linkText(text) || href}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
      }
      this.problems.add(
        `the link to ${href} points into the Moodle site and is dropped; its text is kept`,
      );
      return text;
    }
    if (!PLAYERS.has(el.name)) return undefined;
    const sources = [
      el.attrs.src,
      el.attrs.data,
      ...childElements(el, 'source').map((s) => s.attrs.src),
    ]
      .map((s) => (s ?? '').trim())
      .filter((s) => s !== '');
    const fallback =
      el.name === 'audio' ? 'audio file' : el.name === 'video' ? 'video' : 'embedded content';
    const elementKind = el.name === 'audio' || el.name === 'video' ? el.name : undefined;
    // A player's sources are the same clip in other encodings: the first one the file carries is
    // kept. The description comes from the player's title or label, or its fallback text when that
    // is words rather than the file's own address.
    const fallbackText = textContent(el).trim();
    const description =
      el.attrs.title ??
      el.attrs['aria-label'] ??
      (/@@PLUGINFILE@@|^https?:|^[^\s]+\.[a-z0-9]{2,4}$/i.test(fallbackText) ? '' : fallbackText);
    for (const src of sources) {
      if (!src.startsWith(PLUGINFILE)) continue;
      const player = this.embeddedPlayer(fileName(src), description, files, elementKind);
      if (player !== undefined) return player;
    }
    const links: string[] = [];
    for (const src of sources) {
      if (EXTERNAL.test(src)) {
        this.problems.add(
          `the ${mediaKind(src, fallback)} at ${src} is not stored in Questa; a link to it is kept`,
        );
        links.push(`[${linkText(src)}](${src})`);
      } else {
        const name = src.startsWith(PLUGINFILE) ? fileName(src) : src;
        this.problems.add(
          `the ${mediaKind(name, fallback)} ${name} cannot be stored in Questa and is dropped`,
        );
      }
    }
    if (sources.length === 0)
      this.problems.add(`an ${el.name} element without a source is dropped`);
    return links.join(' ') || null;
  }

  /**
   * A sound or a film the file carries as a base64 `<file>`, as Markdown; undefined when the file
   * is not there or is not audio or video. The kind follows the file's name, or the player's
   * element when the name says nothing; the question database judges the bytes when it stores it.
   */
  private embeddedPlayer(
    name: string,
    description: string,
    files: Map<string, XmlElement>,
    elementKind: PlayerKind | undefined,
  ): string | undefined {
    const file = files.get(name);
    const contentType = contentTypeOf(name);
    const kind = playerKind(contentType) ?? (contentType ? undefined : elementKind);
    if (!file || file.attrs.encoding !== 'base64' || !kind) return undefined;
    const bytes = Uint8Array.from(Buffer.from(textContent(file).replace(/\s+/g, ''), 'base64'));
    // Questa's own exports name a file without a description after the file itself.
    const words = description.trim() === name ? '' : description.replace(/\s+/g, ' ').trim();
    return markdownImage(words, this.store(name, bytes), kind);
  }

  /** Keeps a file once per content, named by its hash as the exchange service expects. */
  private store(name: string, bytes: Uint8Array): string {
    const sha = sha256Hex(bytes);
    if (this.known.has(sha)) return sha;
    this.known.set(sha, name);
    const contentType = contentTypeOf(name);
    const ext = contentType ? EXTENSIONS[contentType] : 'bin';
    const key = `${sha}.${ext}`;
    this.media.push(contentType ? { path: key, bytes, contentType } : { path: key, bytes });
    return sha;
  }
}
