const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/**
 * Redis clients (ioredis) set up to fail fast: retries spent, a command timed out, or the
 * connection closed while Redis is away. None of these carries a socket code of its own.
 */
const redisUnavailable =
  /Reached the max retries per request limit|Command timed out|Connection is closed|Stream isn't writeable/;

/**
 * True when an error means the database, or Redis beside it, cannot be reached right now (as
 * opposed to a bad query), so callers answer 503 `unavailable` and the client may retry.
 */
export function isUnavailableError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isUnavailableError);
  return (
    typeof message === 'string' &&
    (/Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(
      message,
    ) ||
      redisUnavailable.test(message))
  );
}
