import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis-rate-limiter';

const REDIS_URL = 'redis://127.0.0.1:6379';
const rule = { limit: 3, windowMs: 60_000 };

function behavesLikeARateLimiter(limiter: () => RateLimiter) {
  it('allows the limit, then refuses with the time left in the window', async () => {
    const key = `ip:${randomBytes(4).toString('hex')}`;
    for (let attempt = 1; attempt <= rule.limit; attempt += 1) {
      expect(await limiter().hit(key, rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    }
    const refused = await limiter().hit(key, rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter().hit(`${key}-other`, rule)).allowed).toBe(true);
  });

  it('peeks without counting: a look never uses up an attempt', async () => {
    const key = `ip:${randomBytes(4).toString('hex')}`;
    for (let look = 0; look < rule.limit + 2; look += 1) {
      expect((await limiter().peek(key, rule)).allowed).toBe(true);
    }
    for (let attempt = 1; attempt <= rule.limit; attempt += 1) await limiter().hit(key, rule);
    const refused = await limiter().peek(key, rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
  });

  it('starts a new window when the old one has passed', async () => {
    const key = `ip:${randomBytes(4).toString('hex')}`;
    // Long enough that the first two hits share a window on a busy machine, short enough to wait.
    const short = { limit: 1, windowMs: 1000 };
    expect((await limiter().hit(key, short)).allowed).toBe(true);
    expect((await limiter().hit(key, short)).allowed).toBe(false);
    await expect
      .poll(async () => (await limiter().hit(key, short)).allowed, { timeout: 10_000 })
      .toBe(true);
  });
}

describe('in-memory rate limiter', () => {
  const limiter = createMemoryRateLimiter();
  behavesLikeARateLimiter(() => limiter);
});

const probe = new Redis(REDIS_URL, {
  lazyConnect: true,
  maxRetriesPerRequest: 0,
  connectTimeout: 1000,
});
const redisUp = await probe
  .connect()
  .then(() => true)
  .catch(() => false);
probe.disconnect();

// The machines run Redis at 127.0.0.1:6379; without it this part cannot run here.
describe.skipIf(!redisUp)('Redis rate limiter', () => {
  const keyPrefix = `questa-test:${randomBytes(6).toString('hex')}:`;
  let limiter: RateLimiter;
  let redis: Redis;

  beforeAll(() => {
    limiter = createRedisRateLimiter({ redis: REDIS_URL, keyPrefix });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await limiter.close();
  });

  behavesLikeARateLimiter(() => limiter);

  it('keeps its counters under the key prefix with an expiry', async () => {
    await limiter.hit('ip:203.0.113.7', rule);
    const ttl = await redis.pttl(`${keyPrefix}ip:203.0.113.7`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(rule.windowMs);
  });

  it('shares counters between processes using the same Redis', async () => {
    const other = createRedisRateLimiter({ redis: REDIS_URL, keyPrefix });
    try {
      const key = `ip:${randomBytes(4).toString('hex')}`;
      await limiter.hit(key, rule);
      await other.hit(key, rule);
      await limiter.hit(key, rule);
      expect((await other.hit(key, rule)).allowed).toBe(false);
    } finally {
      await other.close();
    }
  });
});
