import type {
  HotspotImage,
  HotspotRegion,
  HotspotRegionInput,
  QuestionContent,
} from '@questa/contracts';
import { QUESTION_LIMITS } from '@questa/contracts/rules';
import type { ImageWriter } from '../shared/html';
import type { Draft } from '../shared/result';
import { generatedId } from '../shared/result';
import { xmlEscape } from '../shared/text';
import type { XmlElement } from '../shared/xml';
import { childElements, descendants, path, textContent } from '../shared/xml';
import { fromIdentifier, toIdentifier } from './ids';

/*
 * Hotspot questions in QTI 3: `qti-hotspot-interaction` (regions as `qti-hotspot-choice`) and
 * `qti-select-point-interaction` (regions as the response's `qti-area-map-entry`s). QTI gives
 * shapes in pixels of the image's `width` and `height`; Questa keeps fractions of those.
 */

type Hotspot = Extract<QuestionContent, { type: 'hotspot' }>;
type Outcome = { ok: true; draft: Draft } | { ok: false; error: string };
type Geometry<R = HotspotRegionInput> = R extends unknown
  ? Omit<R, 'id' | 'correct' | 'label'>
  : never;

const MEDIA = /\(media:([0-9a-f]{64})\)$/;

/** Six decimals: finer than a pixel of any image Questa takes, and stable through a round trip. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
const fraction = (pixels: number, of: number) => round(Math.min(1, Math.max(0, pixels / of)));
// QTI's schema takes whole pixels (or whole percentages) in `coords`: a region moves by at most
// half a pixel of the image's natural size, which nobody can click apart.
const pixels = (value: number, of: number) => Math.round(value * of);

/** One QTI shape in pixels as a region, or why it cannot be one. */
function regionOf(
  shape: string,
  coords: string,
  size: { width: number; height: number },
): Geometry | string {
  const n = coords
    .split(',')
    .map((c) => Number(c.trim()))
    .filter((c) => !Number.isNaN(c));
  const { width: w, height: h } = size;
  switch (shape) {
    case 'rect': {
      const [left = 0, top = 0, right = 0, bottom = 0] = n;
      if (n.length !== 4) return `a rectangle needs 4 coordinates, not "${coords}"`;
      const x = fraction(Math.min(left, right), w);
      const y = fraction(Math.min(top, bottom), h);
      return {
        shape: 'rect',
        x,
        y,
        width: round(fraction(Math.max(left, right), w) - x),
        height: round(fraction(Math.max(top, bottom), h) - y),
      };
    }
    case 'circle': {
      const [cx = 0, cy = 0, r = 0] = n;
      if (n.length !== 3) return `a circle needs 3 coordinates, not "${coords}"`;
      return { shape: 'circle', x: fraction(cx, w), y: fraction(cy, h), radius: fraction(r, w) };
    }
    case 'poly': {
      if (n.length < 6 || n.length % 2 !== 0)
        return `a polygon needs pairs of at least 3 corners, not "${coords}"`;
      const points = [];
      for (let i = 0; i < n.length; i += 2)
        points.push({ x: fraction(n[i] ?? 0, w), y: fraction(n[i + 1] ?? 0, h) });
      const [first, last] = [points[0], points.at(-1)];
      // QTI may repeat the first corner to close the polygon; Questa closes it anyway.
      if (points.length > 3 && first && last && first.x === last.x && first.y === last.y)
        points.pop();
      return { shape: 'polygon', points };
    }
    case 'default':
      return { shape: 'rect', x: 0, y: 0, width: 1, height: 1 };
    default:
      return `the ${shape} shape is not one Questa has (rectangle, circle, polygon)`;
  }
}

/** The image an interaction shows, stored through `image`, with its size in pixels. */
function imageOf(
  interaction: XmlElement,
  stem: string,
  image: (src: string, alt: string) => string,
  warn: (message: string) => void,
): HotspotImage | string {
  // The interaction's own image, not one in its prompt; a <picture> holds its <img>.
  const own = childElements(interaction).find((c) => ['img', 'object', 'picture'].includes(c.name));
  const el = own?.name === 'picture' ? descendants(own, 'img')[0] : own;
  if (!el) return 'the interaction has no image';
  const src = el.attrs.src ?? el.attrs.data ?? '';
  const width = Number(el.attrs.width);
  const height = Number(el.attrs.height);
  if (!(width >= 1 && height >= 1))
    return 'the image has no width and height in pixels, which its regions are measured in';
  let alt = (el.attrs.alt ?? textContent(el)).trim();
  if (alt === '') {
    alt = stem.split('\n')[0]?.slice(0, 200).trim() || 'The image to click on';
    warn('the image has no description (alt); the question text stands in for one');
  }
  const sha = MEDIA.exec(image(src, alt))?.[1];
  if (!sha) return `the image ${src} is not in the package`;
  return {
    sha256: sha,
    alt,
    width: Math.min(Math.round(width), QUESTION_LIMITS.imagePixelsMax),
    height: Math.min(Math.round(height), QUESTION_LIMITS.imagePixelsMax),
  };
}

/** Reads a hotspot or select-point interaction into a hotspot draft. */
export function hotspotDraft(
  interaction: XmlElement,
  declaration: XmlElement | undefined,
  stem: string,
  image: (src: string, alt: string) => string,
  warn: (message: string) => void,
): Outcome {
  const picture = imageOf(interaction, stem, image, warn);
  if (typeof picture === 'string') return { ok: false, error: picture };
  const regions: HotspotRegionInput[] = [];
  const add = (
    id: string,
    shape: string,
    coords: string,
    correct: boolean,
    label?: string,
  ): string | undefined => {
    const region = regionOf(shape, coords, picture);
    if (typeof region === 'string') return region;
    regions.push({ ...region, id, correct, ...(label ? { label } : {}) });
    return undefined;
  };
  const correctValues = childElements(path(declaration, 'qti-correct-response'), 'qti-value').map(
    (v) => textContent(v).trim(),
  );
  if (interaction.name === 'qti-hotspot-interaction') {
    const worth = new Map(
      childElements(path(declaration, 'qti-mapping'), 'qti-map-entry').map((e) => [
        (e.attrs['map-key'] ?? '').trim(),
        Number(e.attrs['mapped-value'] ?? 0),
      ]),
    );
    for (const choice of childElements(interaction, 'qti-hotspot-choice')) {
      const identifier = choice.attrs.identifier ?? '';
      const correct = correctValues.includes(identifier) || (worth.get(identifier) ?? 0) > 0;
      const label = (choice.attrs['hotspot-label'] ?? textContent(choice)).trim();
      const problem = add(
        fromIdentifier(identifier),
        choice.attrs.shape ?? '',
        choice.attrs.coords ?? '',
        correct,
        label,
      );
      if (problem) return { ok: false, error: `hotspot ${identifier}: ${problem}` };
    }
    const positive = [...worth.values()].filter((v) => v > 0);
    if (new Set(positive).size > 1)
      warn('regions worth different credit all count as correct; Questa gives each the same share');
  } else {
    const entries = childElements(path(declaration, 'qti-area-mapping'), 'qti-area-map-entry');
    if (entries.length === 0)
      return { ok: false, error: 'the select-point response has no area mapping to grade by' };
    for (const [i, entry] of entries.entries()) {
      const problem = add(
        generatedId(i),
        entry.attrs.shape ?? '',
        entry.attrs.coords ?? '',
        Number(entry.attrs['mapped-value'] ?? 0) > 0,
      );
      if (problem) return { ok: false, error: `area ${i + 1}: ${problem}` };
    }
  }
  const declared = Number(interaction.attrs['max-choices'] ?? 1);
  const allowed = declared >= 1 ? declared : regions.filter((r) => r.correct).length;
  const markers = Math.min(Math.max(1, allowed), QUESTION_LIMITS.hotspotMarkersMax);
  if (declared > QUESTION_LIMITS.hotspotMarkersMax)
    warn(`at most ${QUESTION_LIMITS.hotspotMarkersMax} markers are kept of ${declared}`);
  return {
    ok: true,
    draft: { type: 'hotspot', stem, image: picture, regions, markers },
  };
}

function coords(region: HotspotRegion, image: HotspotImage): { shape: string; coords: string } {
  const x = (v: number) => pixels(v, image.width);
  const y = (v: number) => pixels(v, image.height);
  switch (region.shape) {
    case 'rect':
      return {
        shape: 'rect',
        coords: [x(region.x), y(region.y), x(region.x + region.width), y(region.y + region.height)]
          .map(String)
          .join(','),
      };
    case 'circle':
      return { shape: 'circle', coords: [x(region.x), y(region.y), x(region.radius)].join(',') };
    case 'polygon':
      return { shape: 'poly', coords: region.points.flatMap((p) => [x(p.x), y(p.y)]).join(',') };
  }
}

/**
 * A hotspot question as a `qti-hotspot-interaction`. Correct regions map to 1 and the others to
 * −1, and the response is right when the mapped sum reaches the hits needed: Questa's rule for a
 * fully right answer, since clicks beside every hotspot select nothing in QTI.
 */
export function hotspotParts(
  q: Hotspot,
  stem: string,
  image: ImageWriter,
): { declarations: string[]; body: string; condition: string } {
  const ids = q.regions.map((r, i) => toIdentifier(r.id, i));
  const correct = ids.filter((_, i) => q.regions[i]?.correct);
  const needed = Math.min(correct.length, q.markers);
  const single = q.markers === 1;
  const entries = q.regions.map(
    (r, i) => `<qti-map-entry map-key="${ids[i]}" mapped-value="${r.correct ? 1 : -1}"/>`,
  );
  const declaration = `  <qti-response-declaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" base-type="identifier">
    <qti-correct-response>${correct
      .slice(0, q.markers)
      .map((id) => `<qti-value>${id}</qti-value>`)
      .join('')}</qti-correct-response>
    <qti-mapping default-value="0">${entries.join('')}</qti-mapping>
  </qti-response-declaration>`;
  const img = image(q.image.alt, q.image.sha256).replace(
    '<img ',
    `<img width="${q.image.width}" height="${q.image.height}" `,
  );
  const choices = q.regions.map((r, i) => {
    const shape = coords(r, q.image);
    const label = r.label ? ` hotspot-label="${xmlEscape(r.label)}"` : '';
    return `<qti-hotspot-choice identifier="${ids[i]}" shape="${shape.shape}" coords="${shape.coords}"${label}/>`;
  });
  return {
    declarations: [declaration],
    body: `${stem}<qti-hotspot-interaction response-identifier="RESPONSE" max-choices="${q.markers}">${img}${choices.join('')}</qti-hotspot-interaction>`,
    condition: `<qti-gte><qti-map-response identifier="RESPONSE"/><qti-base-value base-type="float">${needed}</qti-base-value></qti-gte>`,
  };
}
