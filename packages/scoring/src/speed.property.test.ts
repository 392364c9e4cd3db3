import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accuracyPoints, nextStreak, speedPoints, streakBonus } from './speed';

const limits = fc.integer({ min: 5_000, max: 240_000 });
const elapsed = fc.integer({ min: -10_000, max: 300_000 });
const streaks = fc.integer({ min: 0, max: 1_000 });
const maxPoints = fc.integer({ min: 1, max: 10_000 });

describe('live scoring, for every time, limit, streak and scale', () => {
  it('pays a correct answer between half and all of maxPoints, plus a bonus capped at half', () => {
    fc.assert(
      fc.property(elapsed, limits, streaks, maxPoints, (elapsedMs, limitMs, streak, max) => {
        const points = speedPoints({ correct: true, elapsedMs, limitMs, streak, maxPoints: max });
        expect(Number.isInteger(points)).toBe(true);
        expect(points).toBeGreaterThanOrEqual(Math.round(max * 0.5));
        expect(points).toBeLessThanOrEqual(max + 5 * Math.round(max * 0.1));
      }),
    );
  });

  it('never pays a later answer more than an earlier one', () => {
    fc.assert(
      fc.property(elapsed, elapsed, limits, streaks, (a, b, limitMs, streak) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(
          speedPoints({ correct: true, elapsedMs: early, limitMs, streak }),
        ).toBeGreaterThanOrEqual(speedPoints({ correct: true, elapsedMs: late, limitMs, streak }));
      }),
    );
  });

  it('never pays a longer streak less, and a wrong answer nothing', () => {
    fc.assert(
      fc.property(elapsed, limits, streaks, streaks, (elapsedMs, limitMs, s1, s2) => {
        const [short, long] = s1 <= s2 ? [s1, s2] : [s2, s1];
        expect(streakBonus(long)).toBeGreaterThanOrEqual(streakBonus(short));
        expect(speedPoints({ correct: false, elapsedMs, limitMs, streak: long })).toBe(0);
      }),
    );
  });

  it('pays accuracy-only scoring the same whatever the time', () => {
    fc.assert(
      fc.property(fc.boolean(), maxPoints, (correct, max) => {
        expect(accuracyPoints({ correct, maxPoints: max })).toBe(correct ? max : 0);
      }),
    );
  });

  it('counts a streak up by one for a correct answer and to zero for a wrong one', () => {
    fc.assert(
      fc.property(streaks, fc.boolean(), (streak, correct) => {
        expect(nextStreak(streak, correct)).toBe(correct ? streak + 1 : 0);
      }),
    );
  });
});
