import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { startDistributedQuesta, type DistributedQuesta } from '@questa/gateway/testing';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import { DEMO_PASSWORD, signUp, submitSignIn } from './support/sign-in';

const settings = readTestSettings();

/** Whether something listens at `url`'s host and port, within two seconds. */
function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || defaultPort), timeout: 2000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

// Two API processes need a PostgreSQL server (and Redis, which they share in distributed mode):
// DATABASE_URL's, or the machines' own. Without one the variant is skipped with a note, except
// under CI, where it must run.
const postgresUrl = settings.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = 'redis://127.0.0.1:6379';
const enginesUp =
  browserAvailable && (await reachable(postgresUrl, 5432)) && (await reachable(redisUrl, 6379));
if (browserAvailable && !enginesUp) {
  const message = `No PostgreSQL at ${new URL(postgresUrl).host} or no Redis at 127.0.0.1:6379: sessions.e2e.ts skips signing out across two API processes.`;
  if (settings.ci) throw new Error(`${message} CI requires it to run.`);
  console.warn(message);
}

/** Changes the password on the identity provider's page, which the page is showing. */
async function changePasswordOnProviderPage(page: Page, from: string, to: string) {
  await page.getByRole('heading', { name: 'Change your password' }).waitFor();
  await page.getByLabel('Current password').fill(from);
  await page.getByLabel('New password').fill(to);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page
    .getByRole('heading', { name: 'Your password is changed' })
    // Checking the old password and hashing the new one is slow on purpose, and slower still on
    // a busy machine; then every client is told before the page answers.
    .waitFor({ timeout: 90_000 })
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nThe page said: ${await page.locator('main').innerText()}`);
    });
  await page.getByText('You are signed out everywhere.').waitFor();
}

async function sessionCookieOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((entry) => entry.name.endsWith('questa_session'));
  expect(cookie, 'the browser holds a session cookie').toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

describe.skipIf(!browserAvailable)('a learner signed in on two browsers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  describe('on one Questa process', () => {
    const baseUrl = inject('baseUrl');
    const outbox = path.join(inject('dataDir'), 'outbox');

    it('changes the password in one; the other’s next request is signed out', async () => {
      const email = `two-browsers-${Date.now()}@questa.test`;
      const first = 'a first long passphrase';
      const second = 'a second long passphrase';
      const laptop = await browser.newContext({ locale: 'en-US' });
      const phone = await browser.newContext({
        locale: 'en-US',
        viewport: { width: 360, height: 740 },
      });
      try {
        const here = await laptop.newPage();
        await signUp(here, baseUrl, outbox, { name: 'Tove Two', email, password: first });
        const there = await phone.newPage();
        // On a phone the header folds its links away: the account page itself leads to sign-in.
        await there.goto(`${baseUrl}/account`);
        await submitSignIn(there, email, first);
        await there.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
        expect(await accessibilityViolations(there)).toEqual([]);
        // Both sessions are listed, and both count.
        await expect.poll(() => there.locator('.account-sessions__item').count()).toBe(2);
        expect((await there.request.get(`${baseUrl}/api/progress`)).status()).toBe(200);

        await here.goto(`${baseUrl}/account`);
        await here.getByRole('link', { name: 'Change password' }).click();
        await changePasswordOnProviderPage(here, first, second);

        // The phone's very next request: signed out, with no wait and no refresh of any token.
        const session = await there.request.get(`${baseUrl}/api/session`);
        expect((await session.json()) as { user: unknown }).toMatchObject({ user: null });
        for (const read of ['/api/account/export', '/api/exams', '/api/progress']) {
          expect((await there.request.get(`${baseUrl}${read}`)).status(), read).toBe(401);
        }
        // Opening the account page now leads to signing in, where the old password is refused
        // (the provider's session ended too) and the new one is taken.
        await there.goto(`${baseUrl}/account`);
        await there.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
        expect(new URL(there.url()).pathname).toMatch(/^\/idp\//);
        expect(await accessibilityViolations(there)).toEqual([]);
        await submitSignIn(there, email, second);
        await there.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      } finally {
        await laptop.close();
        await phone.close();
      }
    });
  });

  describe.skipIf(!enginesUp)('on two API processes sharing one PostgreSQL database', () => {
    let questa: DistributedQuesta;
    beforeAll(async () => {
      questa = await startDistributedQuesta({
        adminDatabaseUrl: postgresUrl,
        apiProcesses: 2,
        redisUrl,
        env: { LOG_LEVEL: 'warn' },
      });
    }, 300_000);
    afterAll(() => questa?.stop());

    /** Signs in through the balancer and the provider's page; the API processes serve no pages. */
    async function signInApart(context: BrowserContext, email: string, password: string) {
      const page = await context.newPage();
      await page.goto(`${questa.url}/api/auth/login?returnTo=/api/health`);
      await submitSignIn(page, email, password);
      await page.waitForURL(`${questa.url}/api/health`);
      return page;
    }

    /** Who each API process, asked directly, says the cookie belongs to. */
    const usersSeenByEachProcess = (cookie: string) =>
      Promise.all(
        questa.apis.map(async (api) => {
          const response = await fetch(`${api.url}/api/session`, { headers: { cookie } });
          return (
            ((await response.json()) as { user: { email: string } | null }).user?.email ?? null
          );
        }),
      );

    it('changes the password through one process; the other process signs the other browser out at once', async () => {
      const learner = 'learner@questa.test';
      const laptop = await browser.newContext({ locale: 'en-US' });
      const phone = await browser.newContext({ locale: 'en-US' });
      try {
        const here = await signInApart(laptop, learner, DEMO_PASSWORD);
        await signInApart(phone, learner, DEMO_PASSWORD);
        const phoneCookie = await sessionCookieOf(phone);
        // Each process has looked the phone's session up, and keeps what it shows in memory.
        expect(await usersSeenByEachProcess(phoneCookie)).toEqual([learner, learner]);
        expect(await usersSeenByEachProcess(phoneCookie)).toEqual([learner, learner]);

        await here.goto(`${questa.url}/idp/password?login_hint=${encodeURIComponent(learner)}`);
        await changePasswordOnProviderPage(
          here,
          DEMO_PASSWORD,
          'a new passphrase for two processes',
        );

        // Whichever process the phone reaches next, it is signed out: the provider told one of
        // them, and the other learns it from the database at that very request.
        expect(await usersSeenByEachProcess(phoneCookie)).toEqual([null, null]);
        for (const api of questa.apis) {
          const exams = await fetch(`${api.url}/api/exams`, { headers: { cookie: phoneCookie } });
          expect(exams.status, api.name).toBe(401);
        }
        const throughBalancer = await phone.request.get(`${questa.url}/api/session`);
        expect((await throughBalancer.json()) as { user: unknown }).toMatchObject({ user: null });
      } catch (error) {
        throw new Error(`${String(error)}\n${questa.output()}`, { cause: error });
      } finally {
        await laptop.close();
        await phone.close();
      }
    });
  });
});
