import { config } from './config';
import { appMessages } from './i18n/app-messages';
import { detectLocale, matchLocale } from './i18n/detect-locale';
import { defaultLocale } from './i18n/messages';

// Any origin that cannot be a real one: a return address that resolves elsewhere is not ours.
const probeOrigin = 'https://return-to.invalid';

/**
 * `value` as a path on this site, or `/`. Refuses absolute and protocol-relative addresses
 * (`https://evil.example`, `//evil.example`, `/\evil.example`) so signing in can never send the
 * reader to another site.
 */
export function sameOriginPath(value: string): string {
  if (!value.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return '/';
  }
  if (url.origin !== probeOrigin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The app's language when the sign-in pages need telling: they follow the browser's languages
 * otherwise, which lead to the app's language too unless the reader chose another one here; so
 * the address names it only then. The saved choice is read rather than the rendered language,
 * since a link is rebuilt on the render that follows a change, before the page shows it.
 */
const appLocale = (): Record<string, string> => {
  if (typeof navigator === 'undefined') return {};
  const chosen = detectLocale(appMessages.locales);
  const browser = matchLocale(navigator.languages, appMessages.locales) ?? defaultLocale;
  return chosen !== browser ? { locale: chosen } : {};
};

/**
 * The address that starts signing in and comes back to `returnTo`, a path on this site. It names
 * the app's language, so the sign-in pages speak it too.
 */
export function signInUrl(returnTo: string): string {
  const query = new URLSearchParams({ returnTo: sameOriginPath(returnTo), ...appLocale() });
  return `${config.apiBase}/auth/login?${query}`;
}

/** Like signInUrl, but opens the identity provider's sign-up page. */
export function signUpUrl(returnTo: string): string {
  const query = new URLSearchParams({
    signup: '1',
    returnTo: sameOriginPath(returnTo),
    ...appLocale(),
  });
  return `${config.apiBase}/auth/login?${query}`;
}
