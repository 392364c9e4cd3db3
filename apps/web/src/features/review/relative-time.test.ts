import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();

describe('relative time', () => {
  it('says how far ahead a time is in the largest unit that fits', () => {
    expect(formatRelativeTime(at(30), 'en', now)).toBe('now');
    expect(formatRelativeTime(at(-3600), 'en', now)).toBe('now');
    expect(formatRelativeTime(at(10 * 60), 'en', now)).toBe('in 10 minutes');
    expect(formatRelativeTime(at(3 * 3600), 'en', now)).toBe('in 3 hours');
    expect(formatRelativeTime(at(24 * 3600), 'en', now)).toBe('tomorrow');
    expect(formatRelativeTime(at(4 * 86400), 'en', now)).toBe('in 4 days');
    expect(formatRelativeTime(at(4 * 86400), 'de', now)).toBe('in 4 Tagen');
  });
});
