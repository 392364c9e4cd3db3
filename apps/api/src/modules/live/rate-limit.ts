import { LRUCache } from 'lru-cache';
import { HttpProblem } from '@questa/http-kit';

/**
 * A fixed-window counter per key (an address, a connection): at most `limit` hits per window.
 * Kept in this process; with several API processes each allows its share, which still keeps six
 * digits far from enumerable (a million codes at twenty tries a minute per address).
 */
export function createRateLimiter(options: { limit: number; windowMs: number; maxKeys?: number }) {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({
    max: options.maxKeys ?? 50_000,
  });
  return {
    /** Counts a hit against the key. */
    hit(key: string, now = Date.now()) {
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + options.windowMs };
        windows.set(key, window);
      }
      window.count++;
    },
    /** Throws `rate_limited` (with Retry-After) while the key is at its limit. */
    check(key: string, now = Date.now()) {
      const window = windows.get(key);
      if (window && window.endsAt > now && window.count >= options.limit) {
        throw new HttpProblem('rate_limited', {
          detail: 'Too many tries. Wait a moment and try again.',
          retryAfter: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
        });
      }
    },
  };
}
