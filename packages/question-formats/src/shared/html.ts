import { MEDIA_IMAGE, unescapeAlt, type PlayerKind } from './media';
import { xmlEscape } from './text';
import { isElement } from './xml';
import type { XmlElement, XmlNode } from './xml';

const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'source', 'col', 'wbr', 'area']);
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  middot: '·',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

// Neither names nor values may contain `<`, so a failed match never scans past the next tag: linear.
const START_TAG =
  /<([a-zA-Z][\w:.-]*)((?:\s+[^\s=/><]+(?:\s*=\s*(?:"[^"<]*"|'[^'<]*'|[^\s><"'][^\s><]*))?)*)\s*(\/?)>/y;
const END_TAG = /<\/([a-zA-Z][\w:.-]*)\s*>/y;
const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** A forgiving HTML parser for the fragments Moodle and GIFT carry: unclosed tags are closed. */
export function parseHtml(html: string): XmlNode[] {
  const root: XmlElement = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  const top = () => stack[stack.length - 1] as XmlElement;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt === -1 ? html.length : lt;
    if (textEnd > i) top().children.push(decodeEntities(html.slice(i, textEnd)));
    if (lt === -1) break;
    i = lt;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<![CDATA[', i)) {
      const end = html.indexOf(']]>', i);
      top().children.push(html.slice(i + 9, end === -1 ? html.length : end));
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    START_TAG.lastIndex = i;
    END_TAG.lastIndex = i;
    const start = START_TAG.exec(html);
    const end = start ? null : END_TAG.exec(html);
    if (start) {
      const name = (start[1] as string).toLowerCase();
      const attrs: Record<string, string> = {};
      for (const m of (start[2] ?? '').matchAll(ATTR)) {
        attrs[(m[1] as string).toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
      }
      const element: XmlElement = { name, attrs, children: [] };
      top().children.push(element);
      if (!VOID.has(name) && start[3] !== '/') stack.push(element);
      i = START_TAG.lastIndex;
    } else if (end) {
      const name = (end[1] as string).toLowerCase();
      const at = stack.map((el) => el.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      i = END_TAG.lastIndex;
    } else {
      top().children.push('<');
      i += 1;
    }
  }
  return root.children;
}

export interface MarkdownHooks {
  /** Text to put in place of an element, null to drop it, undefined for the default rendering. */
  element?: (el: XmlElement) => string | null | undefined;
  /** Markdown for an image; the default keeps `![alt](src)`. */
  image?: (src: string, alt: string) => string;
}

const BLOCK = new Set(
  'p div section article header footer figure figcaption blockquote table tbody thead tr dl dt dd h1 h2 h3 h4 h5 h6 hr'.split(
    ' ',
  ),
);
// Marks a line break in the source's layout, which HTML renders as a space, never as a break.
const SOURCE_BREAK = '\uE010';

/** Source line breaks with the indentation around them; split, not a regex, to stay linear. */
function markSourceBreaks(text: string): string {
  const lines = text.split(/\r\n?|\n/);
  if (lines.length === 1) return text;
  const last = lines.length - 1;
  return lines
    .map((line, i) => (i > 0 ? line.trimStart() : line))
    .map((line, i) => (i < last ? line.trimEnd() : line))
    .join(SOURCE_BREAK);
}

function finishBlock(text: string): string {
  const block = text
    .replace(/\uE010+/g, SOURCE_BREAK)
    .replace(/\uE010?\n\uE010?/g, '\n')
    .replace(/^\uE010|\uE010$/g, '')
    .replace(/\uE010/g, ' ');
  return block.trim() === '' ? '' : block;
}

const WEB_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * Turns HTML into the Markdown-ish text Questa stems use: block elements become paragraphs,
 * `<br>` a line break, bold/italic/code their Markdown marks, images `![alt](src)`, links to the
 * web `[text](href)`.
 */
export function toMarkdown(nodes: XmlNode[], hooks: MarkdownHooks = {}): string {
  const blocks: string[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  let current = '';
  const flush = () => {
    const block = finishBlock(current);
    if (block) blocks.push(block);
    current = '';
  };
  const wrap = (mark: string, el: XmlElement) => {
    current += mark;
    el.children.forEach(walk);
    current += mark;
  };
  function walk(node: XmlNode): void {
    if (!isElement(node)) {
      current += markSourceBreaks(node);
      return;
    }
    const replaced = hooks.element?.(node);
    if (replaced !== undefined) {
      current += replaced ?? '';
      return;
    }
    const name = node.name.toLowerCase();
    if (name === 'script' || name === 'style') return;
    if (name === 'br') current += '\n';
    else if (name === 'img') {
      const src = node.attrs.src ?? '';
      const alt = node.attrs.alt ?? '';
      current += hooks.image ? hooks.image(src, alt) : `![${alt}](${src})`;
    } else if (name === 'strong' || name === 'b') wrap('**', node);
    else if (name === 'em' || name === 'i') wrap('*', node);
    else if (name === 'code') wrap('`', node);
    else if (name === 'pre') {
      flush();
      blocks.push('```\n' + node.children.map(textOfNode).join('') + '\n```');
    } else if (name === 'ul' || name === 'ol') {
      flush();
      lists.push({ ordered: name === 'ol', count: 0 });
      node.children.forEach(walk);
      lists.pop();
    } else if (name === 'li') {
      flush();
      const list = lists[lists.length - 1];
      if (list) list.count += 1;
      current +=
        '  '.repeat(Math.max(0, lists.length - 1)) + (list?.ordered ? `${list.count}. ` : '- ');
      node.children.forEach(walk);
      flush();
    } else if (BLOCK.has(name)) {
      flush();
      const heading = /^h([1-6])$/.exec(name);
      if (heading) current += '#'.repeat(Number(heading[1])) + ' ';
      node.children.forEach(walk);
      flush();
    } else if (name === 'td' || name === 'th') {
      if (current && !current.endsWith('| ')) current += ' | ';
      node.children.forEach(walk);
    } else if (name === 'a' && WEB_LINK.test((node.attrs.href ?? '').trim())) {
      // A link to the web (a recording, a page) is part of what the question asks: kept as a
      // Markdown link, never reduced to its text. Other links (anchors, relative) keep their text.
      const href = (node.attrs.href ?? '').trim();
      const before = current;
      current = '';
      node.children.forEach(walk);
      const text = current
        .replace(/\s+/g, ' ')
        .replace(/[[\]\\]/g, '\\$&')
        .trim();
      current = `${before}[${text || href}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
    } else node.children.forEach(walk);
  }
  nodes.forEach(walk);
  flush();
  return blocks.join('\n\n');
}

function textOfNode(node: XmlNode): string {
  return isElement(node) ? node.children.map(textOfNode).join('') : node;
}

/** Writes a media reference: an image, or with `kind` a sound or a film. */
export type ImageWriter = (alt: string, sha256: string, kind?: PlayerKind) => string;

/** Inline XHTML for a Markdown text: the text escaped, line breaks as `<br/>`, media images as `<img>`. */
export function inlineXhtml(text: string, image: ImageWriter): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(MEDIA_IMAGE)) {
    out += escapeWithBreaks(text.slice(last, match.index));
    out += image(
      unescapeAlt(match[1] as string),
      match[2] as string,
      match[3] as PlayerKind | undefined,
    );
    last = match.index + match[0].length;
  }
  return out + escapeWithBreaks(text.slice(last));
}

function escapeWithBreaks(text: string): string {
  return xmlEscape(text).replace(/\r?\n/g, '<br/>');
}

/**
 * Block XHTML for a Markdown text: one `<p>` per paragraph. The Markdown itself stays as written,
 * so `toMarkdown` reads back exactly what was exported.
 */
export function blockXhtml(text: string, image: ImageWriter): string {
  return text
    .split(/\r?\n\r?\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${inlineXhtml(paragraph, image)}</p>`)
    .join('');
}
