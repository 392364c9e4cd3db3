import { describe, expect, it } from 'vitest';
import { slugProblem, suggestSlug } from './workspaces';

describe('workspace addresses', () => {
  it('suggests a slug the rules accept from any name', () => {
    for (const name of ['Biology 101', 'Ärzte & Co.', 'X', '   ', 'Admin', 'a'.repeat(90)]) {
      expect(slugProblem(suggestSlug(name))).toBeNull();
    }
    expect(suggestSlug('Biology 101')).toBe('biology-101');
    expect(suggestSlug('Ärzte & Co.')).toBe('arzte-co');
  });

  it('refuses slugs that are malformed or kept for Questa', () => {
    expect(slugProblem('ab')).toBe('invalid');
    expect(slugProblem('Biology')).toBe('invalid');
    expect(slugProblem('bio--logy')).toBe('invalid');
    expect(slugProblem('-bio')).toBe('invalid');
    expect(slugProblem('admin')).toBe('reserved');
    expect(slugProblem('biology')).toBeNull();
  });
});
