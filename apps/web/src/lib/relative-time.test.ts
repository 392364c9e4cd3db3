import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('formatRelativeTime', () => {
  it('says when in the largest unit that fits', () => {
    expect(formatRelativeTime(at(10 * 60_000), 'en', now)).toBe('in 10 minutes');
    expect(formatRelativeTime(at(3 * 3_600_000), 'en', now)).toBe('in 3 hours');
    expect(formatRelativeTime(at(24 * 3_600_000), 'en', now)).toBe('tomorrow');
    expect(formatRelativeTime(at(4 * 86_400_000), 'en', now)).toBe('in 4 days');
    expect(formatRelativeTime(at(-2 * 60_000), 'en', now)).toBe('2 minutes ago');
  });

  it('calls anything within half a minute "now", in the reader’s language', () => {
    expect(formatRelativeTime(at(20_000), 'en', now)).toBe('now');
    expect(formatRelativeTime(at(10 * 60_000), 'de', now)).toBe('in 10 Minuten');
    expect(formatRelativeTime(at(4 * 86_400_000), 'de', now)).toBe('in 4 Tagen');
  });

  it('returns an unreadable date as it came', () => {
    expect(formatRelativeTime('soon', 'en', now)).toBe('soon');
  });
});
