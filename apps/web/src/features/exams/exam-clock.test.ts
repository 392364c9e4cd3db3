import { describe, expect, it } from 'vitest';
import { clockOffset, formatCountdown, reachedMark, remainingMs, retryDelay } from './exam-clock';

describe('the exam clock', () => {
  const serverNow = '2026-03-01T10:00:00.000Z';
  const deadline = '2026-03-01T10:30:00.000Z';

  it('measures how far the browser’s clock is off the server’s', () => {
    const browserBehind = Date.parse(serverNow) - 90_000;
    expect(clockOffset(serverNow, browserBehind)).toBe(90_000);
    expect(clockOffset(serverNow, Date.parse(serverNow) + 5_000)).toBe(-5_000);
    expect(clockOffset('garbage', 123)).toBe(0);
  });

  it('counts down on the server’s time, whatever the browser’s clock says', () => {
    // The browser is 90 s behind: when it reads 09:58:30 the server reads 10:00:00.
    const offset = 90_000;
    const browserNow = Date.parse(serverNow) - offset;
    expect(remainingMs(deadline, offset, browserNow)).toBe(30 * 60_000);
    expect(remainingMs(deadline, offset, browserNow + 29 * 60_000)).toBe(60_000);
    expect(remainingMs(deadline, offset, browserNow + 31 * 60_000)).toBe(0);
  });

  it('shows mm:ss, rounding up so 00:00 means time is over', () => {
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(90 * 60_000)).toBe('90:00');
    expect(formatCountdown(61_500)).toBe('01:02');
    expect(formatCountdown(400)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });

  it('announces the 5- and 1-minute marks once each, not ones passed before the page opened', () => {
    const start = 10 * 60_000;
    expect(reachedMark(start, 6 * 60_000)).toBeNull();
    expect(reachedMark(start, 5 * 60_000)).toBe(5);
    expect(reachedMark(start, 2 * 60_000)).toBe(5);
    expect(reachedMark(start, 59_000)).toBe(1);
    expect(reachedMark(4 * 60_000, 3 * 60_000)).toBeNull();
    expect(reachedMark(4 * 60_000, 30_000)).toBe(1);
    expect(reachedMark(30_000, 10_000)).toBeNull();
  });

  it('retries every 5 s at first, backing off to 30 s', () => {
    expect([1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      5_000, 10_000, 20_000, 30_000, 30_000, 30_000,
    ]);
  });
});
