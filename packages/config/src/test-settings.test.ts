import { describe, expect, it } from 'vitest';
import { loadScaledTimeout } from './test-settings.ts';

describe('loadScaledTimeout', () => {
  it('keeps the base limit on a quiet machine', () => {
    expect(loadScaledTimeout(60_000, 0.4, 2)).toBe(60_000);
  });

  it('stretches the limit with the run queue per core', () => {
    expect(loadScaledTimeout(60_000, 6, 2)).toBe(180_000);
  });

  it('stops stretching at five times the base, so a hung set-up still fails', () => {
    expect(loadScaledTimeout(60_000, 40, 2)).toBe(300_000);
  });
});
