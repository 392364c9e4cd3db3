import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLocale, matchLocale } from './detect-locale';

describe('matchLocale', () => {
  const available = ['de', 'en', 'pt-BR'];

  it('matches a tag exactly, ignoring case', () => {
    expect(matchLocale(['pt-br'], available)).toBe('pt-BR');
  });

  it('matches a regional tag by its language', () => {
    expect(matchLocale(['de-AT'], available)).toBe('de');
  });

  it('takes the first requested language it has', () => {
    expect(matchLocale(['ja', 'de-CH', 'en'], available)).toBe('de');
  });

  it('returns undefined when nothing matches', () => {
    expect(matchLocale(['ja', 'ko'], available)).toBeUndefined();
  });
});

describe('detectLocale', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('prefers the saved choice over the browser languages', () => {
    window.localStorage.setItem('questa.locale', 'de');
    vi.stubGlobal('navigator', { languages: ['en-US'] });
    expect(detectLocale(['de', 'en'])).toBe('de');
  });

  it('follows the browser languages when nothing is saved', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en'] });
    expect(detectLocale(['de', 'en'])).toBe('de');
  });

  it('falls back to English for a browser language without a catalogue', () => {
    vi.stubGlobal('navigator', { languages: ['ja-JP'] });
    expect(detectLocale(['de', 'en'])).toBe('en');
  });

  it('ignores a saved choice that is no longer offered', () => {
    window.localStorage.setItem('questa.locale', 'xx');
    vi.stubGlobal('navigator', { languages: [] });
    expect(detectLocale(['de', 'en'])).toBe('en');
  });
});
