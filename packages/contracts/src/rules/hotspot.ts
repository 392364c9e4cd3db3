import { QUESTION_LIMITS as L } from './questions';

/*
 * The geometry rules of hotspot regions, with no schema library, so the question contract and the
 * editor's checks as the author draws are the same rules. Coordinates are fractions of the image.
 */

interface Point {
  x: number;
  y: number;
}

/** A region's shape as the editor holds it: numbers may be NaN while typed. */
export type RegionGeometry =
  | { shape: 'rect'; x: number; y: number; width: number; height: number }
  | { shape: 'circle'; x: number; y: number; radius: number }
  | { shape: 'polygon'; points: readonly Point[] };

/** The area of a polygon (shoelace); zero for a line or a point. */
export const polygonArea = (points: readonly Point[]): number => {
  let sum = 0;
  for (const [i, p] of points.entries()) {
    const q = points[(i + 1) % points.length] ?? p;
    sum += p.x * q.y - q.x * p.y;
  }
  return Math.abs(sum) / 2;
};

// Float arithmetic on imported pixel coordinates lands a hair past the edge; that is still inside.
const EDGE = 1 + 1e-9;
const onImage = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;
const size = (v: number) => Number.isFinite(v) && v >= L.hotspotRegionMin && v <= 1;

/**
 * Whether a region lies on the image and is big enough to hit: a rectangle inside the image with
 * both sides at least the minimum; a circle centred on the image (it may reach past the edge);
 * a polygon of 3 to 40 corners on the image that encloses an area.
 */
export const regionFits = (region: RegionGeometry): boolean => {
  switch (region.shape) {
    case 'rect':
      return (
        onImage(region.x) &&
        onImage(region.y) &&
        size(region.width) &&
        size(region.height) &&
        region.x + region.width <= EDGE &&
        region.y + region.height <= EDGE
      );
    case 'circle':
      return onImage(region.x) && onImage(region.y) && size(region.radius);
    case 'polygon':
      return (
        region.points.length >= L.polygonPointsMin &&
        region.points.length <= L.polygonPointsMax &&
        region.points.every((p) => onImage(p.x) && onImage(p.y)) &&
        polygonArea(region.points) >= L.hotspotRegionMin ** 2
      );
  }
};
