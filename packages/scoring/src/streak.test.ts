import { describe, expect, it } from 'vitest';
import { streaks } from './streak';

describe('streaks', () => {
  it('counts consecutive days up to today', () => {
    expect(streaks(['2026-11-20', '2026-11-21', '2026-11-22'], '2026-11-22')).toEqual({
      current: 3,
      longest: 3,
    });
  });

  it('keeps the streak alive until today is over', () => {
    expect(streaks(['2026-11-20', '2026-11-21'], '2026-11-22').current).toBe(2);
    expect(streaks(['2026-11-20'], '2026-11-22').current).toBe(0);
  });

  it('remembers the longest run, across months, ignoring repeats and order', () => {
    const days = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-01', '2026-11-05'];
    expect(streaks(days.reverse(), '2026-11-05')).toEqual({ current: 1, longest: 3 });
  });

  it('is zero for nobody', () => {
    expect(streaks([], '2026-11-22')).toEqual({ current: 0, longest: 0 });
  });
});
