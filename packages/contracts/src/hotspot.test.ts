import { describe, expect, it } from 'vitest';
import { answerInput } from './answer';
import { questionContent } from './question';

const sha = 'd'.repeat(64);
const valid = {
  type: 'hotspot',
  stem: 'Click the heart.',
  topic: 'Anatomy',
  difficulty: 2,
  media: [sha],
  image: { sha256: sha, alt: 'A body', width: 300, height: 600 },
  regions: [
    { id: 'heart', shape: 'circle', x: 0.5, y: 0.3, radius: 0.05, correct: true },
    { id: 'lung', shape: 'rect', x: 0.2, y: 0.2, width: 0.2, height: 0.2, correct: false },
    {
      id: 'liver',
      shape: 'polygon',
      correct: false,
      points: [
        { x: 0.4, y: 0.5 },
        { x: 0.7, y: 0.5 },
        { x: 0.6, y: 0.6 },
      ],
    },
  ],
  markers: 1,
};
const issues = (content: object) => {
  const result = questionContent.safeParse(content);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const withRegion = (region: object) => ({ ...valid, regions: [{ ...region, correct: true }] });

describe('hotspot questions', () => {
  it('accept an image with rectangle, circle and polygon regions, labels defaulting to empty', () => {
    const parsed = questionContent.parse(valid);
    expect(parsed.type === 'hotspot' && parsed.regions.map((r) => r.label)).toEqual(['', '', '']);
  });

  it('refuse an image the media list lacks, no correct region and repeated ids', () => {
    expect(issues({ ...valid, media: [] })).toEqual(['media: media must list the image']);
    expect(
      issues({ ...valid, regions: valid.regions.map((r) => ({ ...r, correct: false })) }),
    ).toEqual(['regions: at least one region must be correct']);
    expect(issues({ ...valid, regions: valid.regions.map((r) => ({ ...r, id: 'same' })) })).toEqual(
      ['regions: region ids must be unique'],
    );
  });

  it('refuse regions off the image, too small to hit, or flat', () => {
    const rect = { id: 'r', shape: 'rect', x: 0.5, y: 0.5, width: 0.2, height: 0.2 };
    expect(issues(withRegion(rect))).toEqual([]);
    expect(issues(withRegion({ ...rect, width: 0.6 }))).toEqual([
      'regions.0: the rectangle must lie inside the image',
    ]);
    expect(issues(withRegion({ ...rect, height: 0.001 }))).not.toEqual([]);
    expect(issues(withRegion({ ...rect, x: -0.1 }))).not.toEqual([]);
    const circle = { id: 'c', shape: 'circle', x: 1, y: 0, radius: 0.3 };
    // A circle may reach past the edge, as long as its centre is on the image.
    expect(issues(withRegion(circle))).toEqual([]);
    expect(issues(withRegion({ ...circle, radius: 0 }))).not.toEqual([]);
    expect(issues(withRegion({ ...circle, y: 1.01 }))).not.toEqual([]);
    const line = [0.1, 0.2, 0.3].map((v) => ({ x: v, y: v }));
    expect(issues(withRegion({ id: 'p', shape: 'polygon', points: line }))).toEqual([
      'regions.0.points: the polygon must enclose an area',
    ]);
    expect(issues(withRegion({ id: 'e', shape: 'ellipse', x: 0.5, y: 0.5 }))).not.toEqual([]);
  });

  it('refuse no marker, more than ten, and an image without a size', () => {
    expect(issues({ ...valid, markers: 0 })).not.toEqual([]);
    expect(issues({ ...valid, markers: 11 })).not.toEqual([]);
    expect(issues({ ...valid, image: { ...valid.image, width: 0 } })).not.toEqual([]);
  });

  it('take answers as points on the image, at most ten', () => {
    expect(answerInput.safeParse({ type: 'hotspot', points: [{ x: 0, y: 1 }] }).success).toBe(true);
    expect(answerInput.safeParse({ type: 'hotspot', points: [] }).success).toBe(true);
    expect(answerInput.safeParse({ type: 'hotspot', points: [{ x: 1.2, y: 0 }] }).success).toBe(
      false,
    );
    const eleven = Array.from({ length: 11 }, () => ({ x: 0.5, y: 0.5 }));
    expect(answerInput.safeParse({ type: 'hotspot', points: eleven }).success).toBe(false);
  });
});
