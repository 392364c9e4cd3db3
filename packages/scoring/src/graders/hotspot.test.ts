import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { correctAnswer } from '../correct-answer';
import { presentQuestion } from '../present';
import { question } from '../test-fixtures';

const sha = 'c'.repeat(64);
const image = { sha256: sha, alt: 'A map of Europe', width: 800, height: 400 };
const regions = [
  { id: 'paris', shape: 'circle', x: 0.3, y: 0.5, radius: 0.05, correct: true },
  { id: 'rome', shape: 'rect', x: 0.6, y: 0.6, width: 0.1, height: 0.2, correct: true },
  {
    id: 'berlin',
    shape: 'polygon',
    points: [
      { x: 0.5, y: 0.1 },
      { x: 0.6, y: 0.1 },
      { x: 0.55, y: 0.3 },
    ],
    correct: false,
  },
];
const q = (markers: number) =>
  question('hotspot', { points: 2, media: [sha], image, regions, markers });
const place = (markers: number, points: [number, number][]) =>
  grade(q(markers), { type: 'hotspot', points: points.map(([x, y]) => ({ x, y })) });

describe('hotspot (correct regions hit, less misses, over the hits possible)', () => {
  it('scores a marker in each correct region 1', () => {
    expect(
      place(2, [
        [0.3, 0.5],
        [0.65, 0.7],
      ]),
    ).toMatchObject({ correct: true, score: 1, points: 2 });
  });

  it('with one marker, takes any correct region as right', () => {
    expect(place(1, [[0.65, 0.7]])).toMatchObject({ correct: true, score: 1 });
    expect(place(1, [[0.55, 0.2]])).toMatchObject({ correct: false, score: 0 });
  });

  it('keeps circles round on a wide image: the radius is a fraction of the width', () => {
    // 0.05 of 800 px is 40 px; 0.09 of the 400 px height is 36 px below the centre: inside.
    expect(place(1, [[0.3, 0.59]])).toMatchObject({ score: 1 });
    // 0.11 of the height is 44 px: outside, though 0.11 < 0.05 would never hold either way.
    expect(place(1, [[0.3, 0.61]])).toMatchObject({ score: 0 });
    // 0.06 of the width is 48 px: outside.
    expect(place(1, [[0.36, 0.5]])).toMatchObject({ score: 0 });
  });

  it('gives each correct region its share, and lets a miss cancel one hit', () => {
    expect(place(2, [[0.3, 0.5]])).toMatchObject({ correct: false, score: 0.5 });
    expect(
      place(2, [
        [0.3, 0.5],
        [0.55, 0.2],
      ]),
    ).toMatchObject({ score: 0 });
    expect(
      place(3, [
        [0.3, 0.5],
        [0.65, 0.7],
        [0.01, 0.01],
      ]),
    ).toMatchObject({ score: 0.5 });
  });

  it('never goes below 0', () => {
    expect(
      place(3, [
        [0.01, 0.01],
        [0.02, 0.02],
        [0.55, 0.2],
      ]),
    ).toMatchObject({ score: 0 });
  });

  it('counts a region once: a second marker in it neither scores nor costs', () => {
    const result = place(2, [
      [0.3, 0.5],
      [0.31, 0.5],
    ]);
    expect(result).toMatchObject({ score: 0.5 });
    expect(result.ok && result.feedback).toMatchObject({
      type: 'hotspot',
      points: [
        { outcome: 'hit', regionId: 'paris' },
        { outcome: 'repeat', regionId: null },
      ],
      regions: [
        { region: { id: 'paris' }, hit: true },
        { region: { id: 'rome' }, hit: false },
      ],
    });
  });

  it('reports only the correct regions, with the image, in feedback', () => {
    const result = place(1, [[0.55, 0.2]]);
    expect(result.ok && result.feedback).toMatchObject({
      image,
      points: [{ x: 0.55, y: 0.2, outcome: 'miss', regionId: null }],
    });
    expect(result.ok && result.feedback.type === 'hotspot' && result.feedback.regions).toHaveLength(
      2,
    );
  });

  it('shows the learner the image and the marker count, never the regions', () => {
    const shown = presentQuestion(q(2), () => 0.5);
    expect(shown).toMatchObject({ type: 'hotspot', image, markers: 2 });
    expect(JSON.stringify(shown)).not.toContain('paris');
  });

  it('refuses more markers than the question allows', () => {
    expect(
      place(1, [
        [0.3, 0.5],
        [0.65, 0.7],
      ]),
    ).toMatchObject({ ok: false, error: { code: 'answer.invalid' } });
  });

  it('scores an empty answer 0', () => {
    expect(place(2, [])).toMatchObject({ ok: true, score: 0, correct: false });
  });

  it('puts the correct answer inside a concave polygon, not at its centroid', () => {
    const u = question('hotspot', {
      media: [sha],
      image,
      markers: 1,
      regions: [
        {
          id: 'u',
          shape: 'polygon',
          correct: true,
          // A U shape whose centroid lies in the notch.
          points: [
            { x: 0.1, y: 0.1 },
            { x: 0.2, y: 0.1 },
            { x: 0.2, y: 0.8 },
            { x: 0.8, y: 0.8 },
            { x: 0.8, y: 0.1 },
            { x: 0.9, y: 0.1 },
            { x: 0.9, y: 0.9 },
            { x: 0.1, y: 0.9 },
          ],
        },
      ],
    });
    expect(grade(u, correctAnswer(u))).toMatchObject({ score: 1 });
    expect(grade(u, { type: 'hotspot', points: [{ x: 0.5, y: 0.5 }] })).toMatchObject({
      score: 0,
    });
  });
});
