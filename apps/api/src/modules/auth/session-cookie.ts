import { createHash, randomBytes } from 'node:crypto';

/** The cookie carries 256 random bits; the database keeps only their hash. */
export const newSessionId = () => randomBytes(32).toString('base64url');
export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');

export const sessionCookieName = (secure: boolean) =>
  secure ? '__Host-questa_session' : 'questa_session';

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function sessionCookie(
  name: string,
  value: string,
  options: { secure: boolean; maxAgeSeconds: number },
) {
  return [
    `${name}=${value}`,
    'Path=/',
    'HttpOnly',
    // Lax, not Strict: the identity provider's redirect back to the callback is a cross-site
    // top-level navigation, and the session must be visible on the page it lands on.
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
