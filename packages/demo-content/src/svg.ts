import type { DemoMedia } from './types';

export interface SvgImage {
  body: string;
  width: number;
  height: number;
}

type Point = [number, number];

const INK = '#1f2937';
const GRID = '#e5e7eb';
const SHAPE_FILL = '#bfdbfe';
const SHAPE_STROKE = '#1d4ed8';
const ACCENT = '#dc2626';
const BAR = '#3b82f6';
const FONT = 'font-family="system-ui, sans-serif"';

const f = (value: number): string => String(Math.round(value * 10) / 10);

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Every image draws on a white rounded card so it reads the same on light and dark pages. */
function document(width: number, height: number, title: string, parts: string[]): SvgImage {
  const body = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" rx="16" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
  return { body, width, height };
}

function text(
  x: number,
  y: number,
  content: string,
  {
    size = 14,
    anchor = 'middle',
    bold = false,
  }: { size?: number; anchor?: string; bold?: boolean } = {},
): string {
  const weight = bold ? ' font-weight="bold"' : '';
  return `<text x="${f(x)}" y="${f(y)}" ${FONT} font-size="${size}" fill="${INK}" text-anchor="${anchor}" dominant-baseline="middle"${weight}>${escapeXml(content)}</text>`;
}

/** Scales math-style points (y up) uniformly into the box and centres them, y down. */
function fit(points: Point[], width: number, height: number, pad: number): Point[] {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const scale = Math.min(
    (width - 2 * pad) / (maxX - minX || 1),
    (height - 2 * pad) / (maxY - minY || 1),
  );
  const offsetX = (width - (maxX - minX) * scale) / 2;
  const offsetY = (height - (maxY - minY) * scale) / 2;
  return points.map(([x, y]) => [offsetX + (x - minX) * scale, offsetY + (maxY - y) * scale]);
}

const pointList = (points: Point[]): string => points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');

export function regularPolygon(sides: number): SvgImage {
  // Starting half a step past the bottom puts one edge flat along the bottom.
  const corners = Array.from({ length: sides }, (_, k): Point => {
    const angle = -Math.PI / 2 + Math.PI / sides + (2 * Math.PI * k) / sides;
    return [Math.cos(angle), Math.sin(angle)];
  });
  const points = fit(corners, 240, 240, 28);
  return document(240, 240, 'A regular polygon', [
    `<polygon points="${pointList(points)}" fill="${SHAPE_FILL}" stroke="${SHAPE_STROKE}" stroke-width="4" stroke-linejoin="round"/>`,
  ]);
}

export function angle(degrees: number): SvgImage {
  const rad = (degrees * Math.PI) / 180;
  const arcSamples = Array.from({ length: 13 }, (_, i): Point => {
    const a = (rad * i) / 12;
    return [0.3 * Math.cos(a), 0.3 * Math.sin(a)];
  });
  const [vertex, rayA, rayB, ...arc] = fit(
    [[0, 0], [1, 0], [Math.cos(rad), Math.sin(rad)], ...arcSamples],
    280,
    220,
    28,
  ) as [Point, Point, Point, ...Point[]];
  const radius = Math.hypot((arc[0] as Point)[0] - vertex[0], (arc[0] as Point)[1] - vertex[1]);
  const [vx, vy] = vertex;
  const end: Point = [vx + radius * Math.cos(rad), vy - radius * Math.sin(rad)];
  const marker =
    degrees === 90
      ? `<path d="M ${f(vx + 24)} ${f(vy)} L ${f(vx + 24)} ${f(vy - 24)} L ${f(vx)} ${f(vy - 24)}" fill="none" stroke="${ACCENT}" stroke-width="3"/>`
      : `<path d="M ${f(vx + radius)} ${f(vy)} A ${f(radius)} ${f(radius)} 0 ${degrees > 180 ? 1 : 0} 0 ${f(end[0])} ${f(end[1])}" fill="none" stroke="${ACCENT}" stroke-width="3"/>`;
  const ray = ([x, y]: Point) =>
    `<line x1="${f(vx)}" y1="${f(vy)}" x2="${f(x)}" y2="${f(y)}" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`;
  return document(280, 220, 'An angle between two rays', [
    marker,
    ray(rayA),
    ray(rayB),
    `<circle cx="${f(vx)}" cy="${f(vy)}" r="4" fill="${INK}"/>`,
  ]);
}

/** A triangle with angles a and b at the base; the third angle is marked "?". */
export function triangle(a: number, b: number): SvgImage {
  const [ra, rb] = [(a * Math.PI) / 180, (b * Math.PI) / 180];
  const side = Math.sin(rb) / Math.sin(ra + rb);
  const corners = fit(
    [
      [0, 0],
      [1, 0],
      [side * Math.cos(ra), side * Math.sin(ra)],
    ],
    300,
    240,
    36,
  );
  const labels = [`${a}°`, `${b}°`, '?'];
  const angles = [a, b, 180 - a - b];
  const parts = [
    `<polygon points="${pointList(corners)}" fill="${SHAPE_FILL}" stroke="${SHAPE_STROKE}" stroke-width="4" stroke-linejoin="round"/>`,
  ];
  corners.forEach(([x, y], i) => {
    const [q, r] = [corners[(i + 1) % 3] as Point, corners[(i + 2) % 3] as Point];
    const unit = ([px, py]: Point): Point => {
      const length = Math.hypot(px - x, py - y);
      return [(px - x) / length, (py - y) / length];
    };
    const [u, v] = [unit(q), unit(r)];
    const bisector: Point = [u[0] + v[0], u[1] + v[1]];
    const length = Math.hypot(...bisector);
    const distance = Math.min(64, 20 / Math.sin(((angles[i] as number) * Math.PI) / 360));
    const at: Point = [
      x + (bisector[0] / length) * distance,
      y + (bisector[1] / length) * distance,
    ];
    parts.push(text(at[0], at[1], labels[i] as string, { size: 15, bold: true }));
  });
  return document(300, 240, 'A triangle with two of its angles labelled', parts);
}

export function rectangle(width: number, height: number, unit: string): SvgImage {
  const scale = Math.min(200 / width, 130 / height);
  const [w, h] = [width * scale, height * scale];
  const [x, y] = [(320 - w) / 2 - 16, (230 - h) / 2];
  return document(320, 230, 'A rectangle with its side lengths labelled', [
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${SHAPE_FILL}" stroke="${SHAPE_STROKE}" stroke-width="4"/>`,
    text(x + w / 2, y + h + 18, `${width} ${unit}`, { size: 15, bold: true }),
    text(x + w + 10, y + h / 2, `${height} ${unit}`, { size: 15, bold: true, anchor: 'start' }),
  ]);
}

export interface BarChart {
  title: string;
  labels: string[];
  values: number[];
  max: number;
  step: number;
}

export function barChart({ title, labels, values, max, step }: BarChart): SvgImage {
  const [width, height] = [420, 300];
  const [left, right, top, bottom] = [56, 400, 52, 250];
  const y = (value: number) => bottom - ((bottom - top) * value) / max;
  const parts = [text(width / 2, 26, title, { size: 16, bold: true })];
  for (let value = 0; value <= max; value += step) {
    parts.push(
      `<line x1="${left}" y1="${f(y(value))}" x2="${right}" y2="${f(y(value))}" stroke="${GRID}" stroke-width="1"/>`,
      text(left - 8, y(value), String(value), { size: 12, anchor: 'end' }),
    );
  }
  const slot = (right - left) / labels.length;
  labels.forEach((label, i) => {
    const value = values[i] ?? 0;
    const x = left + slot * i + slot * 0.2;
    parts.push(
      `<rect x="${f(x)}" y="${f(y(value))}" width="${f(slot * 0.6)}" height="${f(bottom - y(value))}" fill="${BAR}"/>`,
      text(left + slot * (i + 0.5), bottom + 18, label, { size: 13 }),
    );
  });
  parts.push(
    `<line x1="${left}" y1="${top - 6}" x2="${left}" y2="${bottom}" stroke="${INK}" stroke-width="2"/>`,
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="${INK}" stroke-width="2"/>`,
  );
  return document(width, height, title, parts);
}

/** Keeps each image once however many questions use it. */
export class MediaShelf {
  private readonly items = new Map<string, DemoMedia>();

  add(key: string, image: SvgImage): string {
    if (!this.items.has(key)) {
      this.items.set(key, { key, contentType: 'image/svg+xml', ...image });
    }
    return key;
  }

  list(): DemoMedia[] {
    return [...this.items.values()];
  }
}
