import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { starterContent } from '../question-templates';
import { validateQuestion } from '../validate-question';
import { withMedia } from './content-helpers';
import { shapeFromDrag } from './hotspot-canvas';
import { parseCorners } from './hotspot-region-fields';
import { flattenContent } from '../diff';

type Hotspot = Extract<QuestionContent, { type: 'hotspot' }>;
const sha = 'b'.repeat(64);
const ready = (): Hotspot => ({
  ...(starterContent('hotspot') as Hotspot),
  stem: 'Click the heart.',
  topic: 'Anatomy',
  image: { sha256: sha, alt: 'A body', width: 800, height: 400 },
  regions: [
    { id: 'r1', shape: 'rect', x: 0.1, y: 0.1, width: 0.2, height: 0.2, correct: true, label: '' },
  ],
});

describe('the hotspot editor', () => {
  it('asks for an image, its description, a region and a right one from a new question', () => {
    const issues = validateQuestion({
      ...(starterContent('hotspot') as Hotspot),
      stem: 'S',
      topic: 'T',
    });
    expect(issues.image?.code).toBe('imageRequired');
    expect(issues['image.alt']?.code).toBe('required');
    expect(issues.regions?.code).toBe('regionsCount');
    expect(validateQuestion(ready())).toEqual({});
  });

  it('flags a region off the image, a flat polygon, no right region and too many markers', () => {
    const q = ready();
    const issues = validateQuestion({
      ...q,
      markers: 11,
      regions: [
        {
          id: 'a',
          shape: 'rect',
          x: 0.9,
          y: 0.1,
          width: 0.2,
          height: 0.2,
          correct: false,
          label: '',
        },
        {
          id: 'b',
          shape: 'polygon',
          correct: false,
          label: '',
          points: [
            { x: 0.1, y: 0.1 },
            { x: 0.2, y: 0.2 },
            { x: 0.3, y: 0.3 },
          ],
        },
        { id: 'c', shape: 'circle', x: 0.5, y: 0.5, radius: Number.NaN, correct: false, label: '' },
      ],
    });
    expect(issues['regions.0']?.code).toBe('regionFits');
    expect(issues['regions.1']?.code).toBe('regionFits');
    expect(issues['regions.2']?.code).toBe('regionFits');
    expect(issues.regions?.code).toBe('regionCorrect');
    expect(issues.markers?.code).toBe('markersCount');
  });

  it('lists the image in media, as the contract asks', () => {
    expect(withMedia(ready()).media).toEqual([sha]);
  });

  it('draws a rectangle from any corner and a round circle from its centre', () => {
    const size = { width: 800, height: 400 };
    expect(shapeFromDrag('rect', { x: 0.5, y: 0.6 }, { x: 0.2, y: 0.1 }, size)).toEqual({
      shape: 'rect',
      x: 0.2,
      y: 0.1,
      width: 0.3,
      height: 0.5,
    });
    // 0.1 of the 400 px height is 40 px, which is 0.05 of the 800 px width.
    expect(shapeFromDrag('circle', { x: 0.5, y: 0.5 }, { x: 0.5, y: 0.6 }, size)).toEqual({
      shape: 'circle',
      x: 0.5,
      y: 0.5,
      radius: 0.05,
    });
    expect(shapeFromDrag('rect', { x: 0.5, y: 0.5 }, { x: 0.505, y: 0.7 }, size)).toBeUndefined();
  });

  it('reads typed polygon corners in percent', () => {
    expect(parseCorners('10,20  30,40 50.5,60')).toEqual([
      { x: 0.1, y: 0.2 },
      { x: 0.3, y: 0.4 },
      { x: 0.505, y: 0.6 },
    ]);
    expect(parseCorners('10,20 30')).toBeUndefined();
  });

  it('compares versions region by region', () => {
    const fields = flattenContent(ready());
    expect(fields.get('regions.0.shape')).toBe('rect 10% 10% 20%×20%');
    expect(fields.get('image.alt')).toBe('A body');
    expect(fields.get('markers')).toBe(1);
  });
});
