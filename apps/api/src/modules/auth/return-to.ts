/**
 * Where to send the browser after signing in: only a path on this origin. Anything else —
 * absolute URLs, protocol-relative `//host`, backslash tricks, control characters — becomes `/`,
 * so the sign-in flow can never be used as an open redirect.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\\]/.test(value)) return '/';
  const parsed = new URL(value, 'http://questa.invalid');
  if (parsed.origin !== 'http://questa.invalid') return '/';
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
