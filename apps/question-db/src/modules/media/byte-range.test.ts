import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-range';

describe('reading an HTTP Range header', () => {
  it('reads one range, an open end and a suffix, clamped to the file', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(requestedRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('calls a range past the end unsatisfiable', () => {
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=2000-3000', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('serves the whole file for no header, several ranges, other units or bad syntax', () => {
    expect(requestedRange(undefined, 1000)).toBeUndefined();
    expect(requestedRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(requestedRange('items=0-1', 1000)).toBeUndefined();
    expect(requestedRange('bytes=9-3', 1000)).toBeUndefined();
    expect(requestedRange('bytes=-', 1000)).toBeUndefined();
  });
});
