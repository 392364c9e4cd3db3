import { describe, expect, it } from 'vitest';
import { examScore } from './exam';

describe('examScore', () => {
  it('sums points and compares the fraction with the pass mark', () => {
    const results = [
      { points: 1, maxPoints: 1 },
      { points: 0.5, maxPoints: 2 },
      { points: 0, maxPoints: 1 },
    ];
    expect(examScore(results, 0.3)).toEqual({
      points: 1.5,
      maxPoints: 4,
      fraction: 0.375,
      passed: true,
      pendingCount: 0,
      pendingPoints: 0,
    });
    expect(examScore(results, 0.4).passed).toBe(false);
  });

  it('passes exactly at the mark, despite floating-point sums', () => {
    const tenths = Array.from({ length: 10 }, (_, i) => ({
      points: i < 7 ? 0.1 : 0,
      maxPoints: 0.1,
    }));
    const score = examScore(tenths, 0.7);
    expect(score.fraction).not.toBe(0.7);
    expect(score.passed).toBe(true);
    expect(examScore([{ points: 7, maxPoints: 10 }], 0.7).passed).toBe(true);
  });

  it('clamps each result into [0, its maxPoints]', () => {
    const score = examScore(
      [
        { points: 5, maxPoints: 1 },
        { points: -3, maxPoints: 1 },
        { points: Number.NaN, maxPoints: 1 },
      ],
      0.5,
    );
    expect(score).toEqual({
      points: 1,
      maxPoints: 3,
      fraction: 1 / 3,
      passed: false,
      pendingCount: 0,
      pendingPoints: 0,
    });
  });

  it('scores an empty exam as 0 of 0', () => {
    expect(examScore([], 0.5)).toEqual({
      points: 0,
      maxPoints: 0,
      fraction: 0,
      passed: false,
      pendingCount: 0,
      pendingPoints: 0,
    });
  });

  it('counts an essay awaiting its grader towards the total, as pending, not as a zero', () => {
    const score = examScore(
      [
        { points: 2, maxPoints: 2 },
        // Points of a pending result are ignored, whatever a caller passes.
        { points: 4, maxPoints: 4, pending: true },
      ],
      0.5,
    );
    expect(score).toEqual({
      points: 2,
      maxPoints: 6,
      fraction: 1 / 3,
      passed: false,
      pendingCount: 1,
      pendingPoints: 4,
    });
  });
});
