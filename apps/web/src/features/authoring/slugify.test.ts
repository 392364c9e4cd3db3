import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from './slugify';

describe('slugify', () => {
  it('turns a title into lowercase words joined by dashes', () => {
    expect(slugify('World Capitals: Europe & Asia!')).toBe('world-capitals-europe-asia');
  });

  it('drops accents and keeps digits', () => {
    expect(slugify('  Größen und Maße – Teil 2 ')).toBe('grossen-und-masse-teil-2');
    expect(slugify('Café crème')).toBe('cafe-creme');
  });

  it('stays within 60 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(59)} b`);
    expect(slug).toBe('a'.repeat(59));
    expect(isSlug(slug)).toBe(true);
  });

  it('checks slugs as the bank contract does', () => {
    expect(isSlug('world-capitals')).toBe(true);
    expect(isSlug('World')).toBe(false);
    expect(isSlug('a--b')).toBe(false);
    expect(isSlug('')).toBe(false);
  });
});
