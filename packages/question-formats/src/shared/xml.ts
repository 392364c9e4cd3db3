import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed XML or HTML element: names lose their namespace prefix (`qti:x`, `imsmd:x` → `x`). */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Character offset of the start tag, for line numbers. */
  start?: number;
}
export type XmlNode = XmlElement | string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  captureMetaData: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: true,
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

type RawNode = Record<string | symbol, unknown>;

function convert(raw: RawNode[]): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const entry of raw) {
    const name = Object.keys(entry).find((key) => key !== ':@');
    if (name === undefined) continue;
    if (name === '#text') {
      nodes.push(String(entry[name]));
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries((entry[':@'] as object | undefined) ?? {})) {
      attrs[key] = String(value);
    }
    const meta = entry[META] as { startIndex?: number } | undefined;
    const element: XmlElement = { name, attrs, children: convert(entry[name] as RawNode[]) };
    if (meta?.startIndex !== undefined) element.start = meta.startIndex;
    nodes.push(element);
  }
  return nodes;
}

export type XmlParseOutcome =
  { ok: true; root: XmlElement } | { ok: false; line: number; message: string };

// A document type declaration, after nothing but the XML declaration, processing instructions,
// comments and space; an entity it declares with SYSTEM or PUBLIC comes from outside the file.
const DOCTYPE = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<!DOCTYPE\b[^[>]*(?:\[[\s\S]*?\]\s*)?>/;
const EXTERNAL_ENTITY = /<!ENTITY\s+(?:%\s*)?([^\s>]+)\s+(?:SYSTEM|PUBLIC)\s/;

/**
 * An entity the document type declares from outside the file (`SYSTEM "file:///…"`): reading one
 * would let a file pull in the server's own files or addresses (XXE), so such a file is refused.
 */
function externalEntity(text: string): { line: number; message: string } | undefined {
  const doctype = DOCTYPE.exec(text)?.[0];
  const found = doctype === undefined ? null : EXTERNAL_ENTITY.exec(doctype);
  if (!found) return undefined;
  const line = text.slice(0, found.index).split('\n').length;
  return {
    line,
    message: `The document type declares the external entity "${found[1]}"; files that refer to content outside themselves are not imported`,
  };
}

/** Parses a well-formed XML document; a syntax error comes back with its line. */
export function parseXml(text: string): XmlParseOutcome {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, line: valid.err.line, message: valid.err.msg };
  const external = externalEntity(text);
  if (external) return { ok: false, ...external };
  let raw: RawNode[];
  try {
    raw = parser.parse(text) as RawNode[];
  } catch (error) {
    // The validator passes some document type declarations the parser then refuses.
    return { ok: false, line: 1, message: error instanceof Error ? error.message : String(error) };
  }
  const root = convert(raw).find(isElement);
  if (!root) return { ok: false, line: 1, message: 'The document has no root element' };
  return { ok: true, root };
}

export function isElement(node: XmlNode | undefined): node is XmlElement {
  return typeof node === 'object';
}

export function childElements(el: XmlElement | undefined, name?: string): XmlElement[] {
  if (!el) return [];
  return el.children.filter(
    (node): node is XmlElement => isElement(node) && (name === undefined || node.name === name),
  );
}

export function firstChild(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return childElements(el, name)[0];
}

/** Follows a path of child names: `path(q, 'questiontext', 'text')`. */
export function path(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let current = el;
  for (const name of names) current = firstChild(current, name);
  return current;
}

/** All text inside an element, tags dropped. */
export function textContent(el: XmlNode | undefined): string {
  if (el === undefined) return '';
  if (typeof el === 'string') return el;
  return el.children.map(textContent).join('');
}

/** Depth-first search for elements with a given name. */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of el.children) {
    if (!isElement(child)) continue;
    if (child.name === name) found.push(child);
    found.push(...descendants(child, name));
  }
  return found;
}
