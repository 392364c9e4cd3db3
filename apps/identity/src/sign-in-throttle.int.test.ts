import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { createRedisRateLimitStore } from '@questa/http-kit';
import type { MailMessage } from '@questa/mail';
import { buildApp } from './app';
import { identityDb } from './identity-db';
import { createAccountRepository } from './modules/accounts/account.repository';
import { hashPassword } from './modules/accounts/password';
import { createRedisThrottleStore } from './modules/rate-limit/account-throttle-store';
import { formFor, type Browser } from './testing/browser';
import {
  ISSUER,
  memoryMail,
  migrateIdentity,
  newBrowser,
  openSignIn,
  pkcePair,
  signInThroughPages,
  testDeps,
} from './testing/identity-fixture';

const PASSWORD = 'a long enough password';
const pkce = () => ({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });

/**
 * Sign-in slowed per account, whatever address the guesses come from, without letting a guesser
 * shut the owner out, and per address only by what guessing produces, so a school behind one
 * address signs in together.
 */
describe('sign-in throttling', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const mail = memoryMail();
  let passwordHash: string;
  let address = 0;
  /** Each guess from an address of its own, as a botnet would send them. */
  const freshAddress = () => `10.44.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  const createAccount = async (email: string) => {
    await createAccountRepository(identityDb(test.database)).create({
      email,
      displayName: 'Robin',
      passwordHash,
      verified: true,
    });
  };
  const attempt = async (browser: Browser, email: string, password: string) => {
    const page = await openSignIn(browser, pkce());
    return browser.submit(formFor(page.body, '/login'), { email, password });
  };
  const noticesTo = (email: string): MailMessage[] => mail.sent.filter((m) => m.to === email);

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    passwordHash = await hashPassword(PASSWORD);
    app = await buildApp(testDeps(test.database, { mail }));
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('slows guesses at one account from many addresses, and mails its owner once', async () => {
    await createAccount('robin@example.test');
    for (let guess = 1; guess <= 5; guess += 1) {
      const response = await attempt(
        newBrowser(app, freshAddress()),
        'robin@example.test',
        `no ${guess}`,
      );
      expect(response.statusCode).toBe(401);
    }
    expect(noticesTo('robin@example.test')).toHaveLength(1);
    expect(noticesTo('robin@example.test')[0]!.text).toContain('/idp/reset');

    // Even the right password waits now, from a browser that never signed in to this account.
    const early = await attempt(newBrowser(app, freshAddress()), 'Robin@Example.test', PASSWORD);
    expect(early.statusCode).toBe(429);
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(early.body).toContain('several failed sign-ins with this email address');

    // When the wait is over a guess is heard again, and the next wait is longer.
    await expect
      .poll(
        async () =>
          (await attempt(newBrowser(app, freshAddress()), 'robin@example.test', 'no 6')).statusCode,
        { timeout: 20_000, interval: 500 },
      )
      .toBe(401);
    const longer = await attempt(newBrowser(app, freshAddress()), 'robin@example.test', PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(2);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(4);
    // One notice a day, however long the guessing goes on.
    expect(noticesTo('robin@example.test')).toHaveLength(1);
  });

  it('lets the owner in from a browser that signed in to the account before', async () => {
    await createAccount('kim@example.test');
    const own = newBrowser(app, freshAddress());
    await signInThroughPages(own, { email: 'kim@example.test', password: PASSWORD }, pkce());
    for (let guess = 1; guess <= 8; guess += 1) {
      await attempt(newBrowser(app, freshAddress()), 'kim@example.test', `no ${guess}`);
    }
    const stranger = await attempt(newBrowser(app, freshAddress()), 'kim@example.test', PASSWORD);
    expect(stranger.statusCode).toBe(429);

    // Asked to sign in again (its provider session aside), as after signing out of Questa.
    const { callback } = await signInThroughPages(
      own,
      { email: 'kim@example.test', password: PASSWORD },
      { ...pkce(), prompt: 'login' },
    );
    expect(callback.searchParams.get('code')).toBeTruthy();
    // Signing in forgets the failures: a new browser is not made to wait any more.
    const after = await attempt(newBrowser(app, freshAddress()), 'kim@example.test', 'typo');
    expect(after.statusCode).toBe(401);
  });

  it('treats an address without an account the same, and mails nobody', async () => {
    const before = mail.sent.length;
    for (let guess = 1; guess <= 5; guess += 1) {
      await attempt(newBrowser(app, freshAddress()), 'nobody@example.test', `no ${guess}`);
    }
    const early = await attempt(newBrowser(app, freshAddress()), 'nobody@example.test', PASSWORD);
    expect(early.statusCode).toBe(429);
    expect(mail.sent.length).toBe(before);
  });

  it('lets a school of 40 learners behind one address sign in within a minute', async () => {
    const school = '192.0.2.10';
    const learners = Array.from({ length: 40 }, (_, n) => `pupil${n}@school.example.test`);
    for (const email of learners) await createAccount(email);
    for (const [n, email] of learners.entries()) {
      const browser = newBrowser(app, school);
      // Every fifth learner mistypes first, as a class does.
      if (n % 5 === 0) expect((await attempt(browser, email, 'typo')).statusCode).toBe(401);
      const { callback } = await signInThroughPages(browser, { email, password: PASSWORD }, pkce());
      expect(callback.searchParams.get('code')).toBeTruthy();
    }
  });

  it('answers the 31st failed sign-in from one address in a minute with 429 and Retry-After', async () => {
    const guesser = '198.51.100.7';
    for (let n = 1; n <= 30; n += 1) {
      // Many accounts, one guess each: the per-account delay never starts.
      const response = await attempt(newBrowser(app, guesser), `spray${n}@example.test`, 'guess');
      expect(response.statusCode).toBe(401);
    }
    const limited = await attempt(newBrowser(app, guesser), 'spray31@example.test', 'guess');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toContain('Too many attempts');

    // Another address is not affected.
    const other = await attempt(newBrowser(app, '198.51.100.8'), 'spray31@example.test', 'guess');
    expect(other.statusCode).toBe(401);
  });

  it('counts wrong current passwords on the change-password form against the same account', async () => {
    await createAccount('cass@example.test');
    const guess = async (current: string) => {
      const browser = newBrowser(app, freshAddress());
      const page = await browser.get(`${ISSUER}/password`);
      return browser.submit(formFor(page.body, '/password'), {
        email: 'cass@example.test',
        currentPassword: current,
        password: 'another long enough password',
      });
    };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await guess(`no ${attempt}`)).statusCode).toBe(400);
    }
    expect(noticesTo('cass@example.test')).toHaveLength(1);
    // From yet another address, the right current password waits too, here and at sign-in.
    const early = await guess(PASSWORD);
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(early.body).toContain('several failed sign-ins with this email address');
    expect(
      (await attempt(newBrowser(app, freshAddress()), 'cass@example.test', PASSWORD)).statusCode,
    ).toBe(429);
  });

  it('answers a sign-in with a 503 page while the Redis its limits live in is away', async () => {
    // A port nothing listens on: the stores fail fast, as they are set up to. The limits per
    // address let the attempt through uncounted, as every request limit does (decision 0042);
    // the count per account cannot be skipped, so sign-in waits for Redis.
    const away = 'redis://127.0.0.1:9';
    const store = createRedisRateLimitStore({ url: away, keyPrefix: 'away:', timeoutMs: 250 });
    const limited = await buildApp(
      testDeps(test.database, {
        mail,
        rateLimits: { store, timeoutMs: 250 },
        accountThrottleStore: createRedisThrottleStore({ redis: away, keyPrefix: 'away:' }),
      }),
    );
    try {
      const response = await attempt(
        newBrowser(limited, freshAddress()),
        'robin@example.test',
        PASSWORD,
      );
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).toContain('Sign-in is unavailable');
    } finally {
      await limited.close();
      await store.close();
    }
  });
});
