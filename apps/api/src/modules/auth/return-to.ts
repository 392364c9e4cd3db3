const BASE = 'http://questa.invalid';

// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/**
 * A path a browser resolves on this origin: one leading slash, never `//host` (protocol-relative)
 * nor `/\host` (which browsers read as `//host`), no control characters.
 */
const isLocalPath = (path: string) =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.startsWith('/\\') &&
  !UNSAFE_CHARACTERS.test(path);

/**
 * Where to send the browser after signing in: only a path on this origin, anything else `/`, so
 * the sign-in flow can never be used as an open redirect. The check runs on the normalised path
 * that is returned, not only on what arrived: dot segments (`/.//host`, `/%2e//host`) collapse
 * into `//host` when the path is normalised.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !isLocalPath(value)) return '/';
  let parsed: URL;
  try {
    parsed = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (parsed.origin !== BASE) return '/';
  const normalised = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return isLocalPath(normalised) ? normalised : '/';
}
