import type { HotspotImage, HotspotRegion, ImagePoint } from '@questa/contracts';

/*
 * Point-in-shape tests in the question's fractional coordinates. Edges count as inside, so a
 * marker placed exactly on a rectangle's border or a circle's rim is a hit.
 */

type Size = Pick<HotspotImage, 'width' | 'height'>;

/** Even-odd ray casting; a point on an edge counts as inside. */
const inPolygon = (p: ImagePoint, corners: readonly ImagePoint[]): boolean => {
  let inside = false;
  for (const [i, a] of corners.entries()) {
    const b = corners[(i + 1) % corners.length] ?? a;
    if (onSegment(p, a, b)) return true;
    if (a.y > p.y !== b.y > p.y && p.x < a.x + ((p.y - a.y) * (b.x - a.x)) / (b.y - a.y)) {
      inside = !inside;
    }
  }
  return inside;
};

const tolerance = 1e-12;

const onSegment = (p: ImagePoint, a: ImagePoint, b: ImagePoint): boolean => {
  const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  if (Math.abs(cross) > tolerance) return false;
  return (
    p.x >= Math.min(a.x, b.x) - tolerance &&
    p.x <= Math.max(a.x, b.x) + tolerance &&
    p.y >= Math.min(a.y, b.y) - tolerance &&
    p.y <= Math.max(a.y, b.y) + tolerance
  );
};

/**
 * Whether `p` lies in `region` on an image of `size`. The size matters only for circles: their
 * radius is a fraction of the width, so a vertical offset is scaled by height / width first.
 */
export const contains = (region: HotspotRegion, p: ImagePoint, size: Size): boolean => {
  switch (region.shape) {
    case 'rect':
      return (
        p.x >= region.x &&
        p.x <= region.x + region.width &&
        p.y >= region.y &&
        p.y <= region.y + region.height
      );
    case 'circle': {
      const dx = p.x - region.x;
      const dy = ((p.y - region.y) * size.height) / size.width;
      return dx * dx + dy * dy <= region.radius * region.radius;
    }
    case 'polygon':
      return inPolygon(p, region.points);
  }
};

/**
 * A point well inside `region`, where the correct answer puts its marker: a rectangle's or
 * circle's centre; for a polygon, the middle of the widest inside stretch of the horizontal line
 * through its vertical middle (a concave polygon's centroid can lie outside it).
 */
export const insidePoint = (region: HotspotRegion): ImagePoint => {
  switch (region.shape) {
    case 'rect':
      return { x: region.x + region.width / 2, y: region.y + region.height / 2 };
    case 'circle':
      return { x: region.x, y: region.y };
    case 'polygon':
      return polygonInside(region.points);
  }
};

const polygonInside = (corners: readonly ImagePoint[]): ImagePoint => {
  const ys = [...new Set(corners.map((c) => c.y))].sort((a, b) => a - b);
  // The line through the middle of the tallest gap between corner heights misses every corner,
  // so each edge it meets crosses it cleanly.
  let y = ys[0] ?? 0;
  let gap = -1;
  for (const [i, low] of ys.entries()) {
    const high = ys[i + 1];
    if (high !== undefined && high - low > gap) {
      gap = high - low;
      y = (low + high) / 2;
    }
  }
  const xs: number[] = [];
  for (const [i, a] of corners.entries()) {
    const b = corners[(i + 1) % corners.length] ?? a;
    if (a.y > y !== b.y > y) xs.push(a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y));
  }
  xs.sort((a, b) => a - b);
  let best = { x: corners[0]?.x ?? 0, width: -1 };
  for (let i = 0; i + 1 < xs.length; i += 2) {
    const from = xs[i] ?? 0;
    const to = xs[i + 1] ?? 0;
    if (to - from > best.width) best = { x: (from + to) / 2, width: to - from };
  }
  return { x: best.x, y };
};
