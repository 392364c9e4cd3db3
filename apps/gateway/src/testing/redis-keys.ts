import { Redis } from 'ioredis';

/** Removes every key and stream under `prefix`: what a test run kept in a shared Redis. */
export async function removeRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // A Redis that is gone (a test may have taken it away) holds nothing of this run's any more.
  } finally {
    redis.disconnect();
  }
}
