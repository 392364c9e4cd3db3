import { SaxesParser } from 'saxes';
import type { Dimensions } from './image-info';

/** The SVG cannot be made safe, or is not well-formed XML; the upload is refused. */
export class UnsafeSvgError extends Error {
  override name = 'UnsafeSvgError';
}

// An allowlist: what is not named here is dropped, element and subtree, or attribute. Missing
// from it on purpose: script, foreignObject (HTML inside SVG), a (links), feImage, animate and
// set (they can rewrite href), iframe-like embeds, and anything in another namespace.
const elements = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
]);

const attributes = new Set([
  'id',
  'class',
  'style',
  'lang',
  'xml:lang',
  'xml:space',
  'version',
  'href',
  'xlink:href',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'dx',
  'dy',
  'd',
  'points',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'pathLength',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'letter-spacing',
  'word-spacing',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'writing-mode',
  'direction',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'vector-effect',
  'paint-order',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'stdDeviation',
  'edgeMode',
  'type',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'radius',
  'flood-color',
  'flood-opacity',
]);

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

// Images embedded as data: raster formats only; an embedded SVG would need sanitising in turn.
const embeddedImage = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;
const localReference = /^#[A-Za-z_][\w.-]*$/;
// A url() in a paint or style value may only point inside the document: url(#gradient).
const anyUrl = /url\s*\(/gi;
const localUrl = /url\s*\(\s*(['"]?)#[A-Za-z_][\w.-]*\1\s*\)/gi;
// CSS escapes (`\75 rl(`) and comments can spell anything, so CSS holding them is dropped whole,
// as is CSS that imports, runs script or binds behaviour in old browsers.
const forbiddenCss = /[\\]|\/\*|@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding/i;

function safeCss(css: string): boolean {
  if (forbiddenCss.test(css)) return false;
  return (css.match(anyUrl)?.length ?? 0) === (css.match(localUrl)?.length ?? 0);
}

function safeAttribute(element: string, name: string, value: string): boolean {
  if (!attributes.has(name)) return false;
  // Control characters and white space inside a scheme still make `java\tscript:` a scheme.
  const compact = Array.from(value)
    .filter((char) => char > ' ')
    .join('')
    .toLowerCase();
  if (compact.includes('javascript:') || compact.includes('vbscript:')) return false;
  if (name === 'href' || name === 'xlink:href') {
    if (localReference.test(value.trim())) return true;
    return element === 'image' && embeddedImage.test(value.trim());
  }
  if (name === 'style') return safeCss(value);
  if (/url\s*\(/i.test(value)) return safeCss(value);
  return !compact.includes('data:');
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replaceAll('"', '&quot;');

interface Element {
  name: string;
  attributes: [string, string][];
  children: (Element | string)[];
}

function serialise(node: Element | string): string {
  if (typeof node === 'string') return escapeText(node);
  const attributeText = node.attributes
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  if (node.children.length === 0) return `<${node.name}${attributeText}/>`;
  return `<${node.name}${attributeText}>${node.children.map(serialise).join('')}</${node.name}>`;
}

// CSS lengths in pixels, as browsers size an SVG image: 96 per inch.
const pixelsPer: Record<string, number> = {
  '': 1,
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  pt: 96 / 72,
  pc: 16,
};

function pixels(length: string | undefined): number | null {
  const match = /^\s*([0-9]*\.?[0-9]+(?:e[+-]?\d+)?)\s*(px|in|cm|mm|pt|pc)?\s*$/i.exec(
    length ?? '',
  );
  if (!match) return null;
  const value = Math.round(Number(match[1]) * pixelsPer[(match[2] ?? '').toLowerCase()]!);
  return Number.isFinite(value) && value > 0 ? value : null;
}

function dimensionsOf(root: Element): Dimensions {
  const attribute = (name: string) => root.attributes.find(([key]) => key === name)?.[1];
  const viewBox = (attribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const fromViewBox = (index: number) => {
    const value = viewBox.length === 4 ? Math.round(viewBox[index]!) : NaN;
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  return {
    width: pixels(attribute('width')) ?? fromViewBox(2),
    height: pixels(attribute('height')) ?? fromViewBox(3),
  };
}

/**
 * An SVG rebuilt from what an allowlist keeps: no script, no event handlers, no HTML, no
 * reference outside the document, no DTD. The input is parsed as strict XML (entities are never
 * expanded, so a DOCTYPE cannot smuggle anything in); the output is written afresh from the
 * kept elements and attributes, escaped, so nothing the parser and a browser might read
 * differently survives.
 */
export function sanitiseSvg(source: string): { svg: string } & Dimensions {
  const parser = new SaxesParser({ xmlns: false });
  const stack: Element[] = [];
  let root: Element | undefined;
  let dropping = 0;
  let usesXlink = false;

  parser.on('doctype', (doctype) => {
    // Entity declarations are how XXE and billion-laughs attacks start; a plain DOCTYPE is
    // only dropped.
    if (doctype.includes('[')) throw new UnsafeSvgError('The SVG declares entities in its DTD.');
  });
  parser.on('opentag', (tag) => {
    if (dropping > 0 || !elements.has(tag.name) || (root === undefined && tag.name !== 'svg')) {
      dropping += 1;
      return;
    }
    const element: Element = { name: tag.name, attributes: [], children: [] };
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (typeof value !== 'string' || !safeAttribute(tag.name, name, value)) continue;
      if (name.startsWith('xlink:')) usesXlink = true;
      element.attributes.push([name, value]);
    }
    if (root === undefined) root = element;
    else stack.at(-1)?.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    if (dropping > 0) dropping -= 1;
    else stack.pop();
  });
  const addText = (text: string) => {
    const parent = stack.at(-1);
    if (dropping > 0 || !parent) return;
    if (parent.name === 'style' && !safeCss(text)) return;
    parent.children.push(text);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);

  try {
    parser.write(source).close();
  } catch (error) {
    if (error instanceof UnsafeSvgError) throw error;
    throw new UnsafeSvgError(`The SVG is not well-formed XML: ${(error as Error).message}`);
  }
  if (!root) throw new UnsafeSvgError('The document has no svg root element.');

  // Namespace declarations are written by us, not copied: an SVG root in any other namespace
  // would not render as SVG at all.
  root.attributes = [
    ['xmlns', SVG_NAMESPACE],
    ...(usesXlink ? ([['xmlns:xlink', XLINK_NAMESPACE]] as [string, string][]) : []),
    ...root.attributes,
  ];
  return { svg: serialise(root), ...dimensionsOf(root) };
}
