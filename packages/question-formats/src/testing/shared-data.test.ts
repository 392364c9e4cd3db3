import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sharedTestData } from './shared-data';

describe('test data from shared/', () => {
  const root = mkdtempSync(join(tmpdir(), 'questa-shared-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds a folder that is there', () => {
    expect(sharedTestData('.', 'root', { root, ci: true })).toBe(root);
  });

  it('skips with a note naming what is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(sharedTestData('question-corpus/gift', 'gift corpus', { root, ci: false })).toBe(
        undefined,
      );
      expect(warn).toHaveBeenCalledWith(
        `No gift corpus at ${join(root, 'question-corpus/gift')}: its tests are skipped.`,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('fails under CI', () => {
    expect(() => sharedTestData('question-corpus/gift', 'gift corpus', { root, ci: true })).toThrow(
      /No gift corpus at .*; CI runs these tests, so it must be there/,
    );
  });
});
