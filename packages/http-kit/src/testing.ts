import { Redis } from 'ioredis';

/** The Redis every development and CI machine runs; tests that share it take a key prefix of their own. */
export const MACHINE_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Whether a Redis answers a PING at `url` within a second, for tests that need one to skip (with
 * a word saying so) on a machine that has none, instead of failing on a missing service.
 */
export async function redisAnswers(url = MACHINE_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
