import { describe, expect, it } from 'vitest';
import { accuracyPoints, liveMaxScore, nextStreak, speedPoints, streakBonus } from './speed';

const limitMs = 20_000;

describe('speedPoints', () => {
  it('pays between 50% and 100% of maxPoints, linearly by time left', () => {
    expect(speedPoints({ correct: true, elapsedMs: 0, limitMs, streak: 0 })).toBe(1000);
    expect(speedPoints({ correct: true, elapsedMs: 10_000, limitMs, streak: 0 })).toBe(750);
    expect(speedPoints({ correct: true, elapsedMs: 15_000, limitMs, streak: 0 })).toBe(625);
    expect(speedPoints({ correct: true, elapsedMs: limitMs, limitMs, streak: 0 })).toBe(500);
  });

  it('clamps to the bounds for late, early and nonsensical times', () => {
    const at = (elapsedMs: number, limit = limitMs) =>
      speedPoints({ correct: true, elapsedMs, limitMs: limit, streak: 0 });
    expect(at(60_000)).toBe(500);
    expect(at(-5_000)).toBe(1000);
    expect(at(Number.NaN)).toBe(500);
    expect(at(1_000, 0)).toBe(500);
    expect(at(1_000, Number.NaN)).toBe(500);
  });

  it('pays nothing for a wrong answer, however fast and whatever the streak', () => {
    expect(speedPoints({ correct: false, elapsedMs: 0, limitMs, streak: 9 })).toBe(0);
  });

  it('scales with maxPoints and rounds to whole points', () => {
    const points = speedPoints({
      correct: true,
      elapsedMs: 1,
      limitMs: 3,
      maxPoints: 100,
      streak: 0,
    });
    expect(points).toBe(83);
    expect(Number.isInteger(points)).toBe(true);
  });

  it('adds 10% of maxPoints per streak step from the second correct answer, capped at 50%', () => {
    const withStreak = (streak: number) =>
      speedPoints({ correct: true, elapsedMs: limitMs, limitMs, streak });
    expect(withStreak(0)).toBe(500);
    expect(withStreak(1)).toBe(600);
    expect(withStreak(2)).toBe(700);
    expect(withStreak(5)).toBe(1000);
    expect(withStreak(50)).toBe(1000);
    expect(speedPoints({ correct: true, elapsedMs: 0, limitMs, streak: 99 })).toBe(1500);
    expect(streakBonus(3, 2000)).toBe(600);
    expect(streakBonus(-2)).toBe(0);
    expect(streakBonus(Number.NaN)).toBe(0);
  });

  it('keeps every result within [0, maxPoints × 1.5]', () => {
    for (let elapsedMs = -1_000; elapsedMs <= 25_000; elapsedMs += 250) {
      for (const streak of [0, 1, 3, 10]) {
        const points = speedPoints({ correct: true, elapsedMs, limitMs, streak });
        expect(points).toBeGreaterThanOrEqual(500);
        expect(points).toBeLessThanOrEqual(1500);
      }
    }
  });
});

describe('nextStreak', () => {
  it('grows with correct answers and resets on a wrong one', () => {
    expect(nextStreak(0, true)).toBe(1);
    expect(nextStreak(4, true)).toBe(5);
    expect(nextStreak(4, false)).toBe(0);
  });
});

describe('accuracyPoints', () => {
  it('pays maxPoints for correct and 0 otherwise', () => {
    expect(accuracyPoints({ correct: true })).toBe(1000);
    expect(accuracyPoints({ correct: true, maxPoints: 10 })).toBe(10);
    expect(accuracyPoints({ correct: false })).toBe(0);
  });
});

describe('liveMaxScore', () => {
  it('counts every answer right and instant, with the streak growing from the second', () => {
    // 1000 + 1100 + 1200: the bonus is the streak before the answer.
    expect(liveMaxScore(3, { scoring: 'speed', streakBonus: true })).toBe(3300);
    // Capped at five steps: the seventh answer earns 1000 + 500, like the sixth.
    expect(liveMaxScore(7, { scoring: 'speed', streakBonus: true })).toBe(
      7000 + 0 + 100 + 200 + 300 + 400 + 500 + 500,
    );
  });

  it('is the questions times the points without streaks or speed', () => {
    expect(liveMaxScore(4, { scoring: 'speed', streakBonus: false })).toBe(4000);
    expect(liveMaxScore(4, { scoring: 'accuracy', streakBonus: true })).toBe(4000);
    expect(liveMaxScore(0, { scoring: 'speed', streakBonus: true })).toBe(0);
  });
});
