import { config } from './config';

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

/** The address that starts signing in and comes back to `returnTo`, a path on this site. */
export function signInUrl(returnTo: string): string {
  return `${config.apiBase}/auth/login?${new URLSearchParams({ returnTo: sameOriginPath(returnTo) })}`;
}

/** Like signInUrl, but opens the identity provider's sign-up page. */
export function signUpUrl(returnTo: string): string {
  const query = new URLSearchParams({ signup: '1', returnTo: sameOriginPath(returnTo) });
  return `${config.apiBase}/auth/login?${query}`;
}
