import { Redis } from 'ioredis';
import { decide, type RateLimiter } from './rate-limiter';

export interface RedisRateLimiterOptions {
  /** A redis:// URL, or a client the caller owns (then `close` leaves it open). */
  redis: string | Redis;
  /** Prepended to every key, so several deployments or tests can share one Redis. */
  keyPrefix?: string;
}

/** Fixed-window counters in Redis (INCR, then PEXPIRE when the window starts), shared by every process. */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const owned = typeof options.redis === 'string';
  const redis =
    typeof options.redis === 'string'
      ? new Redis(options.redis, {
          // Fail fast instead of queueing sign-ins while Redis is away.
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          lazyConnect: true,
        })
      : options.redis;
  // Each failed command reaches its caller, which answers 503; the client's own error events would
  // only repeat that in the log.
  if (owned) redis.on('error', () => {});
  const prefix = options.keyPrefix ?? 'questa:identity:rate:';

  return {
    async hit(key, rule) {
      const fullKey = `${prefix}${key}`;
      const replies = await redis.multi().incr(fullKey).pttl(fullKey).exec();
      if (!replies) throw new Error('Redis discarded the rate-limit transaction');
      const [[incrError, count], [ttlError, ttl]] = replies as [
        [Error | null, number],
        [Error | null, number],
      ];
      if (incrError ?? ttlError) throw incrError ?? ttlError;
      // A key without expiry is a new window (or one whose PEXPIRE was lost): start its clock.
      if (ttl < 0) {
        await redis.pexpire(fullKey, rule.windowMs);
        return decide(count, rule.windowMs, rule);
      }
      return decide(count, ttl, rule);
    },
    async peek(key, rule) {
      const fullKey = `${prefix}${key}`;
      const replies = await redis.multi().get(fullKey).pttl(fullKey).exec();
      if (!replies) throw new Error('Redis discarded the rate-limit transaction');
      const [[getError, count], [ttlError, ttl]] = replies as [
        [Error | null, string | null],
        [Error | null, number],
      ];
      if (getError ?? ttlError) throw getError ?? ttlError;
      if (count === null || ttl < 0) return decide(0, 0, rule);
      return decide(Number(count) + 1, ttl, rule);
    },
    async close() {
      if (owned) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
