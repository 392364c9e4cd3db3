import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_REDIS_URL, redisAnswers } from '@questa/http-kit/testing';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { identityDb } from '../../identity-db';
import { migrateIdentity } from '../../testing/identity-fixture';
import {
  createDatabaseThrottleStore,
  createRedisThrottleStore,
  type AccountThrottleStore,
} from './account-throttle-store';

const REDIS_URL = MACHINE_REDIS_URL;
const DAY = 24 * 60 * 60_000;

/** Two stores on the same backing are two identity processes: they must see one count. */
function behavesLikeASharedStore(stores: () => [AccountThrottleStore, AccountThrottleStore]) {
  const key = () => randomBytes(8).toString('hex');

  it('counts failures from every process in one record', async () => {
    const [one, other] = stores();
    const account = key();
    const now = Date.now();
    expect(await one.read(account)).toBeUndefined();
    expect((await one.fail(account, now, DAY)).failures).toBe(1);
    expect((await other.fail(account, now + 10, DAY)).failures).toBe(2);
    expect(await one.read(account)).toEqual({ failures: 2, lastFailureAt: now + 10 });
    await other.clear(account);
    expect(await one.read(account)).toBeUndefined();
  });

  it('gives the notice to one process only, once a period', async () => {
    const [one, other] = stores();
    const account = key();
    const now = Date.now();
    await one.fail(account, now, DAY);
    const claims = await Promise.all([
      one.claimNotice(account, now, DAY),
      other.claimNotice(account, now, DAY),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await one.claimNotice(account, now + 1000, DAY)).toBe(false);
  });
}

describe('failed sign-ins per account in the database', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
  });
  afterAll(() => test?.dispose());

  behavesLikeASharedStore(() => [
    createDatabaseThrottleStore(identityDb(test.database)),
    createDatabaseThrottleStore(identityDb(test.database)),
  ]);

  it('starts again at one when the last failure is a day old', async () => {
    const store = createDatabaseThrottleStore(identityDb(test.database));
    const now = Date.now();
    await store.fail('stale', now - DAY - 1000, DAY);
    await store.fail('stale', now - DAY - 500, DAY);
    expect((await store.fail('stale', now, DAY)).failures).toBe(1);
  });
});

const redisUp = await redisAnswers(REDIS_URL);

// The machines run Redis at 127.0.0.1:6379; without it this part cannot run here.
describe.skipIf(!redisUp)('failed sign-ins per account in Redis', () => {
  const keyPrefix = `questa-test:${randomBytes(6).toString('hex')}:`;
  let stores: [AccountThrottleStore, AccountThrottleStore];
  let redis: Redis;

  beforeAll(() => {
    stores = [
      createRedisThrottleStore({ redis: REDIS_URL, keyPrefix }),
      createRedisThrottleStore({ redis: REDIS_URL, keyPrefix }),
    ];
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await Promise.all(stores.map((store) => store.close()));
  });

  behavesLikeASharedStore(() => stores);

  it('keeps its records under the key prefix, expiring a day after the last failure', async () => {
    await stores[0].fail('expiring', Date.now(), DAY);
    const ttl = await redis.pttl(`${keyPrefix}account:expiring`);
    expect(ttl).toBeGreaterThan(DAY - 60_000);
    expect(ttl).toBeLessThanOrEqual(DAY);
  });
});
