import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HotspotRegion } from '@questa/contracts';
import { grade } from '../grade';
import { anyHotspot, anyRegion } from '../test-arbitraries';
import { contains, insidePoint } from './hotspot-geometry';

const runs = { numRuns: 400 };
const unit = fc.double({ min: 0, max: 1, noNaN: true });
const point = fc.record({ x: unit, y: unit });
const size = fc.record({
  width: fc.integer({ min: 1, max: 4000 }),
  height: fc.integer({ min: 1, max: 4000 }),
});

/** The region's extent, which no inside point can leave. */
const bounds = (r: HotspotRegion, s: { width: number; height: number }) => {
  switch (r.shape) {
    case 'rect':
      return { left: r.x, right: r.x + r.width, top: r.y, bottom: r.y + r.height };
    case 'circle': {
      const ry = (r.radius * s.width) / s.height;
      return { left: r.x - r.radius, right: r.x + r.radius, top: r.y - ry, bottom: r.y + ry };
    }
    case 'polygon': {
      const xs = r.points.map((p) => p.x);
      const ys = r.points.map((p) => p.y);
      return {
        left: Math.min(...xs),
        right: Math.max(...xs),
        top: Math.min(...ys),
        bottom: Math.max(...ys),
      };
    }
  }
};

describe('hotspot geometry', () => {
  it('puts the inside point of any region inside it, at any image size', () => {
    fc.assert(
      fc.property(anyRegion('r', true), size, (region, s) => {
        expect(contains(region as HotspotRegion, insidePoint(region as HotspotRegion), s)).toBe(
          true,
        );
      }),
      runs,
    );
  });

  it('never finds a point outside the region’s bounding box inside it', () => {
    fc.assert(
      fc.property(anyRegion('r', true), size, point, (region, s, p) => {
        const box = bounds(region as HotspotRegion, s);
        if (contains(region as HotspotRegion, p, s)) {
          expect(p.x).toBeGreaterThanOrEqual(box.left - 1e-9);
          expect(p.x).toBeLessThanOrEqual(box.right + 1e-9);
          expect(p.y).toBeGreaterThanOrEqual(box.top - 1e-9);
          expect(p.y).toBeLessThanOrEqual(box.bottom + 1e-9);
        }
      }),
      runs,
    );
  });

  it('agrees with a rectangle drawn as a polygon of its four corners', () => {
    const rect = anyRegion('r', true).filter((r) => r.shape === 'rect');
    fc.assert(
      fc.property(rect, size, point, (region, s, p) => {
        if (region.shape !== 'rect') return;
        const { x, y, width, height } = region;
        // The polygon test forgives a rounding error's width at its edges; the rectangle is exact.
        const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
        if ([x, x + width].some((e) => near(p.x, e)) || [y, y + height].some((e) => near(p.y, e))) {
          return;
        }
        const polygon: HotspotRegion = {
          id: 'p',
          correct: true,
          label: '',
          shape: 'polygon',
          points: [
            { x, y },
            { x: x + width, y },
            { x: x + width, y: y + height },
            { x, y: y + height },
          ],
        };
        expect(contains(polygon, p, s)).toBe(contains(region as HotspotRegion, p, s));
      }),
      runs,
    );
  });

  it('scores the same whatever order the markers were placed in', () => {
    const pair = anyHotspot.chain((q) =>
      fc.tuple(
        fc.constant(q),
        fc
          .array(fc.oneof(point, fc.constantFrom(...q.regions.map(insidePoint))), {
            maxLength: q.markers,
          })
          .chain((points) =>
            fc.tuple(
              fc.constant(points),
              fc.shuffledSubarray(points, {
                minLength: points.length,
              }),
            ),
          ),
      ),
    );
    fc.assert(
      fc.property(pair, ([q, [points, reordered]]) => {
        const a = grade(q, { type: 'hotspot', points });
        const b = grade(q, { type: 'hotspot', points: reordered });
        expect(a.ok && b.ok && a.score).toBe(a.ok && b.ok && b.score);
      }),
      runs,
    );
  });

  it('never lowers the score when a marker is moved onto an unhit correct region', () => {
    fc.assert(
      fc.property(anyHotspot, fc.array(point, { maxLength: 10 }), (q, raw) => {
        const points = raw.slice(0, q.markers);
        const before = grade(q, { type: 'hotspot', points });
        const target = q.regions.find((r) => r.correct);
        if (!before.ok || !target || points.length === 0) return;
        const moved = [insidePoint(target), ...points.slice(1)];
        const after = grade(q, { type: 'hotspot', points: moved });
        // Moving a marker off a region may lose that hit, so only a miss moved is checked.
        if (before.feedback.type === 'hotspot' && before.feedback.points[0]?.outcome === 'miss') {
          expect(after.ok && after.score).toBeGreaterThanOrEqual(before.score);
        }
      }),
      runs,
    );
  });
});
