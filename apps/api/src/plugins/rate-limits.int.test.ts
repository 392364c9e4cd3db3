import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_REDIS_URL, redisAnswers } from '@questa/http-kit/testing';
import type { RateLimitSettings } from '@questa/config';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { createRootServer } from '@questa/http-kit';
import { createHttpQuestionDbClient } from '../adapters/question-db-client';
import { API_PREFIX, apiApp, createApiCore } from '../app';
import { API_SCHEMA, apiMigrations } from '../db/tables';
import { openTestSession, TEST_ORIGIN, unreachableOidcClient } from '../testing';

const REDIS_URL = MACHINE_REDIS_URL;
const settings: RateLimitSettings = {
  windowMs: 60_000,
  perSession: 4,
  perAddress: 3,
  perApiKey: { free: 5, paid: 8 },
  redisTimeoutMs: 200,
};

/** One API process; several built on one database and one Redis are a cluster's processes. */
async function startApi(
  test: TestDatabase,
  options: { redisUrl?: string; redisKeyPrefix?: string; trustProxy?: number } = {},
) {
  const core = createApiCore({
    database: test.database,
    questionDb: createHttpQuestionDbClient({ baseUrl: 'http://127.0.0.1:9/qdb/api/v1' }),
    oidc: unreachableOidcClient(),
    publicUrl: TEST_ORIGIN,
    secureCookies: false,
    examSweepIntervalMs: 0,
    deletionSweepIntervalMs: 0,
    workspaceDeletionSweepIntervalMs: 0,
    reminderSweepIntervalMs: 0,
    rateLimits: settings,
    redisUrl: options.redisUrl,
    ...(options.redisKeyPrefix && { redisKeyPrefix: options.redisKeyPrefix }),
  });
  const app = createRootServer({ logLevel: 'silent', trustProxy: options.trustProxy ?? false });
  await app.register(apiApp, { prefix: API_PREFIX, core });
  await app.ready();
  return app;
}

const statusesOf = async (calls: (() => Promise<{ statusCode: number }>)[]) => {
  const statuses = [];
  for (const call of calls) statuses.push((await call()).statusCode);
  return statuses;
};
const limited = (statuses: number[]) => statuses.map((status) => status === 429);

describe('request limits of the main API', () => {
  let test: TestDatabase;
  let api: FastifyInstance;
  let proxied: FastifyInstance;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, API_SCHEMA, apiMigrations);
    api = await startApi(test);
    proxied = await startApi(test, { trustProxy: 1 });
  });
  afterAll(async () => {
    await api?.close();
    await proxied?.close();
    await test?.dispose();
  });

  it('counts a signed-in person by their account, across sessions and addresses', async () => {
    const first = await openTestSession(test.database, { sub: 'sam', email: 'sam@questa.test' });
    const second = await openTestSession(test.database, { sub: 'sam', email: 'sam@questa.test' });
    const call = (cookieValue: string, made: number) => () =>
      api.inject({
        url: `${API_PREFIX}/session`,
        headers: { cookie: `questa_session=${cookieValue}` },
        remoteAddress: `10.0.0.${made}`,
      });
    const statuses = await statusesOf(
      [0, 1, 2, 3, 4].map((made) => call(made % 2 ? first.cookieValue : second.cookieValue, made)),
    );
    expect(limited(statuses)).toEqual([false, false, false, false, true]);

    const refused = await call(first.cookieValue, 9)();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A browser's quota is nobody's business but the server's.
    expect(refused.headers['ratelimit-limit']).toBeUndefined();

    // Someone else signed in from the same addresses is untouched.
    const other = await openTestSession(test.database, { sub: 'ida', email: 'ida@questa.test' });
    expect((await call(other.cookieValue, 1)()).statusCode).not.toBe(429);
  });

  it('counts anonymous calls, and unknown sessions, by client address', async () => {
    const call = (remoteAddress: string, cookie?: string) => () =>
      api.inject({
        url: `${API_PREFIX}/session`,
        remoteAddress,
        ...(cookie && { headers: { cookie: `questa_session=${cookie}` } }),
      });
    const statuses = await statusesOf([
      call('10.1.0.1'),
      call('10.1.0.1', 'made-up'),
      call('10.1.0.1', 'another-made-up'),
      call('10.1.0.1'),
    ]);
    expect(limited(statuses)).toEqual([false, false, false, true]);
    const refused = await call('10.1.0.1')();
    expect(refused.headers['retry-after']).toBeDefined();
    // Unknown paths count too, so probing for URLs is not free.
    expect(
      (await api.inject({ url: `${API_PREFIX}/nothing-here`, remoteAddress: '10.1.0.1' }))
        .statusCode,
    ).toBe(429);
    expect((await call('10.1.0.2')()).statusCode).not.toBe(429);
    // Health checks are never counted.
    expect(
      (await api.inject({ url: `${API_PREFIX}/health/live`, remoteAddress: '10.1.0.1' }))
        .statusCode,
    ).toBe(200);
  });

  it('behind a trusted proxy, counts the forwarded address, not the proxy’s', async () => {
    const call = (client: string) => () =>
      proxied.inject({
        url: `${API_PREFIX}/session`,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    const statuses = await statusesOf([1, 2, 3, 4].map(() => call('203.0.113.7')));
    expect(limited(statuses)).toEqual([false, false, false, true]);
    expect((await call('203.0.113.8')()).statusCode).not.toBe(429);
  });
});

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`Skipping the shared rate-limit test: no Redis at ${REDIS_URL}.`);

// The machines run Redis at 127.0.0.1:6379; without it this part cannot run here.
describe.skipIf(!redisUp)('request limits shared by two API processes through Redis', () => {
  const redisKeyPrefix = `questa-test:${randomBytes(6).toString('hex')}:`;
  let test: TestDatabase;
  let processes: FastifyInstance[];
  let redis: Redis;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, API_SCHEMA, apiMigrations);
    processes = [
      await startApi(test, { redisUrl: REDIS_URL, redisKeyPrefix }),
      await startApi(test, { redisUrl: REDIS_URL, redisKeyPrefix }),
    ];
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all(processes?.map((app) => app.close()) ?? []);
    const keys = (await redis?.keys(`${redisKeyPrefix}*`)) ?? [];
    if (keys.length > 0) await redis.del(...keys);
    await redis?.quit();
    await test?.dispose();
  });

  it('refuses a caller at the limit whichever process it reaches', async () => {
    // A process starting lets requests through uncounted until its connection is up.
    const deadline = Date.now() + 10_000;
    for (const app of processes) {
      for (;;) {
        await app.inject({ url: `${API_PREFIX}/session`, remoteAddress: '10.9.9.9' });
        if ((await redis.get(`${redisKeyPrefix}api:rate:ip:10.9.9.9`)) !== null) break;
        if (Date.now() > deadline) throw new Error('the API processes never reached Redis');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await redis.del(`${redisKeyPrefix}api:rate:ip:10.9.9.9`);
    }

    const call = (made: number) => () =>
      processes[made % 2]!.inject({ url: `${API_PREFIX}/session`, remoteAddress: '10.3.0.1' });
    const statuses = await statusesOf([0, 1, 2, 3].map(call));
    expect(limited(statuses)).toEqual([false, false, false, true]);
    expect(await redis.get(`${redisKeyPrefix}api:rate:ip:10.3.0.1`)).toBe('4');
  });
});
