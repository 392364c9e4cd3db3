import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveLocale } from '../../lib/i18n/detect-locale';
import { sameOriginPath, signInUrl, signUpUrl } from './sign-in-url';

describe('signInUrl', () => {
  it('starts signing in at the API and comes back to the given path', () => {
    expect(signInUrl('/account')).toBe('/api/auth/login?returnTo=%2Faccount');
    expect(signInUrl('/banks/7?tab=topics#top')).toBe(
      '/api/auth/login?returnTo=%2Fbanks%2F7%3Ftab%3Dtopics%23top',
    );
  });

  it('opens the sign-up page when asked', () => {
    expect(signUpUrl('/author')).toBe('/api/auth/login?signup=1&returnTo=%2Fauthor');
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'account',
    '',
  ])('refuses %j as a return address and falls back to /', (returnTo) => {
    expect(sameOriginPath(returnTo)).toBe('/');
    expect(signInUrl(returnTo)).toBe('/api/auth/login?returnTo=%2F');
  });
});

describe('the language of the sign-in pages', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('names the language chosen in the app when the browser’s languages would lead elsewhere', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    saveLocale('de');
    expect(signInUrl('/account')).toBe('/api/auth/login?returnTo=%2Faccount&locale=de');
    expect(signUpUrl('/')).toBe('/api/auth/login?signup=1&returnTo=%2F&locale=de');
  });

  it('leaves it to the browser’s languages when they lead to the app’s language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    expect(signInUrl('/account')).toBe('/api/auth/login?returnTo=%2Faccount');
    saveLocale('de');
    expect(signInUrl('/account')).toBe('/api/auth/login?returnTo=%2Faccount');
  });
});
