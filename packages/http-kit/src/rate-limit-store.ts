import { Redis } from 'ioredis';

/** A fixed window's count after one more hit, and how long the window still runs. */
export interface WindowCount {
  count: number;
  msLeft: number;
}

/** Counts requests per key in fixed windows: in one process's memory, or in Redis for all. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current window's count without adding to it: 0 (and no time left) when none runs. */
  peek(key: string): Promise<WindowCount>;
  close(): Promise<void>;
}

/** One process's counters: one-process mode, and several processes without Redis (each its own). */
export function createMemoryRateLimitStore(
  options: { maxKeys?: number; now?: () => number } = {},
): RateLimitStore {
  const maxKeys = options.maxKeys ?? 50_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        // Bounded memory: a caller rotating addresses cannot grow the map without limit. Ended
        // windows go first; if all are current, the oldest keys (first inserted) go.
        if (windows.size >= maxKeys) {
          for (const [old, { endsAt }] of windows) if (endsAt <= at) windows.delete(old);
          for (const old of windows.keys()) {
            if (windows.size < maxKeys) break;
            windows.delete(old);
          }
        }
        window = { count: 0, endsAt: at + windowMs };
        windows.delete(key);
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, msLeft: window.endsAt - at };
    },
    async peek(key) {
      const at = now();
      const window = windows.get(key);
      if (!window || window.endsAt <= at) return { count: 0, msLeft: 0 };
      return { count: window.count, msLeft: window.endsAt - at };
    },
    async close() {
      windows.clear();
    },
  };
}

// One round trip, atomic: the first hit of a window (or a key whose expiry was lost) starts its
// clock, so every process sees the same window and its end.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

// A key without expiry has lost its window's end; the next hit starts one, so it counts as none.
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if not count or left < 0 then
  return {0, 0}
end
return {tonumber(count), left}`;

type HitCommand = (key: string, windowMs: number) => Promise<[number, number]>;
type PeekCommand = (key: string) => Promise<[number, number]>;

/** Counters in Redis under `keyPrefix`, shared by every process that uses the same Redis. */
export function createRedisRateLimitStore(options: {
  url: string;
  keyPrefix: string;
  /** How long a command may take, and a connection attempt, before it fails. */
  timeoutMs: number;
}): RateLimitStore {
  const redis = new Redis(options.url, {
    // While Redis is away a hit fails at once instead of queueing: the limiter lets the request
    // through rather than holding it (and every other) until Redis returns.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.timeoutMs,
    connectTimeout: Math.max(1000, options.timeoutMs),
    // Reconnects in the background, at most every two seconds, for as long as the process runs.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    keyPrefix: options.keyPrefix,
  });
  // Each failed hit reaches the limiter, which logs the outage once; the client's own error
  // events would repeat it for every reconnection.
  redis.on('error', () => {});
  redis.defineCommand('questaRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand('questaRatePeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
  const commands = redis as unknown as { questaRateHit: HitCommand; questaRatePeek: PeekCommand };
  const hit = commands.questaRateHit.bind(redis);
  const peek = commands.questaRatePeek.bind(redis);
  return {
    async hit(key, windowMs) {
      const [count, msLeft] = await hit(key, windowMs);
      return { count, msLeft };
    },
    async peek(key) {
      const [count, msLeft] = await peek(key);
      return { count, msLeft };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when the deployment has one (limits shared by every process), else this process's memory. */
export function createRateLimitStore(options: {
  redisUrl: string | undefined;
  /** The deployment's REDIS_KEY_PREFIX followed by the service's own part (`api:rate:`). */
  keyPrefix: string;
  timeoutMs: number;
}): RateLimitStore {
  return options.redisUrl
    ? createRedisRateLimitStore({
        url: options.redisUrl,
        keyPrefix: options.keyPrefix,
        timeoutMs: options.timeoutMs,
      })
    : createMemoryRateLimitStore();
}
