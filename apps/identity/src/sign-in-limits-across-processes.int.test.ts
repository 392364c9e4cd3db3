import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_REDIS_URL, redisAnswers } from '@questa/http-kit/testing';
import { loadConfig } from '@questa/config';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { buildApp } from './app';
import { identityDepsFromConfig } from './identity-deps';
import { SIGN_IN_FAILURE_LIMIT } from './pages/page-kit';
import { formFor, type Browser } from './testing/browser';
import {
  migrateIdentity,
  newBrowser,
  openSignIn,
  ORIGIN,
  pkcePair,
  testDeps,
} from './testing/identity-fixture';

const REDIS_URL = MACHINE_REDIS_URL;

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`No Redis at ${REDIS_URL}: the shared sign-in limits test is skipped.`);

// The machines run Redis at 127.0.0.1:6379; without it this part cannot run here.
describe.skipIf(!redisUp)('sign-in limits of several identity provider processes', () => {
  // This run's own part of the shared Redis, removed at the end.
  const redisKeyPrefix = `questa-test:${randomBytes(6).toString('hex')}:`;
  let test: TestDatabase;
  let dataDir: string;
  let redis: Redis;
  const processes: { app: FastifyInstance; close(): Promise<void> }[] = [];

  /** One provider process as configuration makes it with REDIS_URL set. */
  async function startProcess() {
    const config = loadConfig({
      REDIS_URL,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      PUBLIC_URL: ORIGIN,
      QUESTA_DATA_DIR: dataDir,
    });
    const configured = identityDepsFromConfig(config, test.database, 'a-test-client-secret');
    // The store never queues while it connects (an attempt then goes through uncounted): wait
    // until it answers, as a process that has been up for a moment does.
    await expect
      .poll(() =>
        configured.rateLimits.store.peek('warm-up').then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    const app = await buildApp(
      testDeps(test.database, {
        rateLimits: configured.rateLimits,
        ...(configured.accountThrottleStore && {
          accountThrottleStore: configured.accountThrottleStore,
        }),
      }),
    );
    const running = {
      app,
      async close() {
        await app.close();
        await configured.close();
      },
    };
    processes.push(running);
    return app;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'questa-identity-'));
    redis = new Redis(REDIS_URL);
    test = await createTestDatabase();
    await migrateIdentity(test.database);
  });
  afterAll(async () => {
    for (const running of processes) await running.close();
    await test?.dispose();
    await rm(dataDir, { recursive: true, force: true });
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const attempt = async (browser: Browser, email: string) => {
    const { challenge } = pkcePair();
    const page = await openSignIn(browser, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    return browser.submit(formFor(page.body, '/login'), { email, password: 'a wrong guess' });
  };

  it('counts failed sign-ins from one address on one process against the others', async () => {
    const [first, second] = [await startProcess(), await startProcess()];
    const guesser = '198.51.100.40';
    // Many accounts, one guess each (the per-account delay never starts), half on each process:
    // alone, neither would have reached the limit.
    for (let n = 1; n <= SIGN_IN_FAILURE_LIMIT; n += 1) {
      const app = n % 2 ? first : second;
      const response = await attempt(newBrowser(app, guesser), `spread${n}@example.test`);
      expect(response.statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      const refused = await attempt(newBrowser(app, guesser), 'one-more@example.test');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain('Too many attempts');
    }
    // Counted once, in Redis, under the deployment's prefix.
    expect(await redis.get(`${redisKeyPrefix}identity:rate:sign-in-failed:${guesser}`)).toBe(
      String(SIGN_IN_FAILURE_LIMIT),
    );
  });
});
