import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_REDIS_URL, redisAnswers } from './testing';
import { createRequestLimiter } from './rate-limit';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store';

const REDIS_URL = MACHINE_REDIS_URL;

describe('the request limiter', () => {
  it('allows the limit within a window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const limiter = createRequestLimiter({
      store: createMemoryRateLimitStore({ now: () => now }),
      windowMs: 60_000,
      timeoutMs: 100,
    });
    const caller = { key: 'ip:10.0.0.1', limit: 3 };
    const remaining = [];
    for (let made = 0; made < 3; made++) remaining.push((await limiter.take(caller))?.remaining);
    expect(remaining).toEqual([2, 1, 0]);
    now += 15_000;
    expect(await limiter.take(caller)).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetSeconds: 45,
    });
    expect((await limiter.take({ key: 'ip:10.0.0.2', limit: 3 }))?.allowed).toBe(true);
    now += 45_000;
    expect(await limiter.take(caller)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('keeps at most its number of keys in memory', async () => {
    const store = createMemoryRateLimitStore({ maxKeys: 2 });
    await store.hit('a', 60_000);
    await store.hit('b', 60_000);
    await store.hit('c', 60_000);
    // `a` was the oldest and went; it starts again at one.
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('c', 60_000)).count).toBe(2);
  });

  it('lets requests through uncounted when its store hangs or fails, and says so once', async () => {
    const warnings: string[] = [];
    const log = {
      warn: (_: object, message: string) => void warnings.push(message),
      info: () => {},
    };
    const hanging: RateLimitStore = {
      hit: () => new Promise(() => {}),
      peek: () => new Promise(() => {}),
      close: async () => {},
    };
    const limiter = createRequestLimiter({ store: hanging, windowMs: 60_000, timeoutMs: 50, log });
    const started = performance.now();
    expect(await limiter.take({ key: 'k', limit: 1 })).toBeUndefined();
    expect(await limiter.take({ key: 'k', limit: 1 })).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);

    expect(await limiter.peek({ key: 'k', limit: 1 })).toBeUndefined();

    const failing: RateLimitStore = {
      hit: () => Promise.reject(new Error('down')),
      peek: () => Promise.reject(new Error('down')),
      close: async () => {},
    };
    const other = createRequestLimiter({ store: failing, windowMs: 60_000, timeoutMs: 50, log });
    expect(await other.take({ key: 'k', limit: 1 })).toBeUndefined();
    expect(await other.peek({ key: 'k', limit: 1 })).toBeUndefined();
    expect(warnings).toHaveLength(2);
  });

  it('looks without counting: a peek says whether one more would be within the limit', async () => {
    let now = 1_000_000;
    const limiter = createRequestLimiter({
      store: createMemoryRateLimitStore({ now: () => now }),
      windowMs: 60_000,
      timeoutMs: 100,
    });
    const caller = { key: 'ip:10.0.0.1', limit: 2 };
    for (let look = 0; look < 5; look++) {
      expect(await limiter.peek(caller)).toMatchObject({ allowed: true, remaining: 2 });
    }
    await limiter.take(caller);
    expect(await limiter.peek(caller)).toMatchObject({ allowed: true, remaining: 1 });
    await limiter.take(caller);
    now += 20_000;
    expect(await limiter.peek(caller)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetSeconds: 40,
    });
    now += 40_000;
    expect(await limiter.peek(caller)).toMatchObject({ allowed: true, remaining: 2 });
  });
});

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`Skipping the Redis rate-limit tests: no Redis at ${REDIS_URL}.`);

/** A store fails at once until its connection is up (it never queues); wait for that. */
async function untilConnected(store: RateLimitStore) {
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      return await store.hit('warm-up', 1000);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

// The machines run Redis at 127.0.0.1:6379; without it this part cannot run here.
describe.skipIf(!redisUp)('counters in Redis', () => {
  const keyPrefix = `questa-test:${randomBytes(6).toString('hex')}:`;
  let stores: RateLimitStore[];
  let redis: Redis;

  beforeAll(() => {
    stores = [1, 2].map(() =>
      createRedisRateLimitStore({ url: REDIS_URL, keyPrefix, timeoutMs: 1000 }),
    );
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await Promise.all(stores.map((store) => store.close()));
  });

  it('share one count and one window between processes, under the key prefix', async () => {
    const [first, second] = stores as [RateLimitStore, RateLimitStore];
    await untilConnected(first);
    await untilConnected(second);
    expect((await first.hit('ip:10.0.0.1', 60_000)).count).toBe(1);
    expect((await second.hit('ip:10.0.0.1', 60_000)).count).toBe(2);
    const third = await first.hit('ip:10.0.0.1', 60_000);
    expect(third.count).toBe(3);
    expect(third.msLeft).toBeGreaterThan(55_000);
    expect(third.msLeft).toBeLessThanOrEqual(60_000);
    expect(await redis.get(`${keyPrefix}ip:10.0.0.1`)).toBe('3');
    expect(await redis.pttl(`${keyPrefix}ip:10.0.0.1`)).toBeGreaterThan(55_000);

    // A look from either process sees the same window and adds nothing to it.
    const seen = await second.peek('ip:10.0.0.1');
    expect(seen.count).toBe(3);
    expect(seen.msLeft).toBeGreaterThan(55_000);
    expect((await first.peek('ip:10.0.0.1')).count).toBe(3);
    expect(await first.peek('ip:10.0.0.9')).toEqual({ count: 0, msLeft: 0 });
  });
});

describe('a Redis that does not answer', () => {
  let closedPort: number;
  let silent: Server;
  let silentPort: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // A port that was just free and is closed again: connections are refused.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closedPort = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    // A server that takes connections and never answers: commands hang.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  for (const [what, port] of [
    ['refuses connections', () => closedPort],
    ['never answers', () => silentPort],
  ] as const) {
    it(`lets requests through within the bound when Redis ${what}`, async () => {
      const store = createRedisRateLimitStore({
        url: `redis://127.0.0.1:${port()}`,
        keyPrefix: 'questa-test:outage:',
        timeoutMs: 200,
      });
      const limiter = createRequestLimiter({ store, windowMs: 60_000, timeoutMs: 200 });
      try {
        for (let made = 0; made < 5; made++) {
          const started = performance.now();
          expect(await limiter.take({ key: 'ip:10.0.0.1', limit: 1 })).toBeUndefined();
          // The bound plus scheduling slack on a busy machine: never the client's reconnect loop.
          expect(performance.now() - started).toBeLessThan(1000);
        }
      } finally {
        await store.close();
      }
    });
  }
});
