/**
 * What Questa's logs must never hold, whatever the level: a URL can carry a secret that opens
 * something on its own (an authorization code, an e-mail confirmation or reset token, a checkout
 * or billing-portal session), and the identity provider's sign-in page puts its interaction id,
 * the value of its sign-in cookie, in the path. Anyone who reads the log could use them.
 */
const HIDDEN = '[redacted]';

/** Query parameters whose values are secrets, by name (OIDC, OAuth, Questa's own mail links). */
const secretParameter =
  /^(?:code|state|nonce|token|session_id|code_verifier|id_token_hint|client_secret|password|.+_token|.+_secret)$/i;

const secretPath: [RegExp, string][] = [
  // The sign-in page and the provider's resume step: `/interaction/<uid>`, `/auth/<uid>`.
  [/(\/interaction\/)[^/?#]+/g, `$1${HIDDEN}`],
  [/(\/auth\/)[A-Za-z0-9_-]{16,}/g, `$1${HIDDEN}`],
  // Checkout and billing-portal sessions of the payment partner (and its sandbox).
  [/\b(cs|bps)_[A-Za-z0-9_]+/g, `$1_${HIDDEN}`],
];

/** The URL with every secret in its path or query replaced, ready for a log line. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  for (const [pattern, replacement] of secretPath) path = path.replace(pattern, replacement);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed name is logged as it came; only its value could be secret.
      }
      return equals >= 0 && secretParameter.test(name) ? `${rawName}=${HIDDEN}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Paths pino blanks in any object logged: credentials in headers, should a request or response
 * ever be logged whole (a library's error, a debugging line someone adds).
 */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'res.headers["set-cookie"]',
];

/** How a request appears when one is logged: method and URL, the URL without its secrets. */
export const requestSerializer = (request: { method?: string; url?: string }) => ({
  method: request.method,
  url: request.url === undefined ? undefined : redactUrl(request.url),
});
