import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startQuesta, type RunningServer } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser } from './support/browser';
import { answerAnything, grantPremium, startGeographyExam } from './support/learning';
import { signIn } from './support/sign-in';

/** How long the identity provider's access tokens live in this test: ten minutes by default. */
const TOKEN_SECONDS = 10;

/**
 * A learner stays signed in for longer than access tokens live, in one process on the embedded
 * database as `npm start` runs it. Every refresh calls the embedded identity provider, which needs
 * the same single database connection as the request that asked for it: a refresh made while that
 * connection was held stopped the whole server. Practice and an exam go on across several
 * refreshes, and the server keeps answering everyone meanwhile.
 */
describe.skipIf(!browserAvailable)('staying signed in past the token lifetime', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startQuesta({ env: { IDP_ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS) } }),
      launchBrowser(),
    ]);
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Lets the signed-in tokens run out, as a learner who leaves the tab does. Time passing is
   * what this test is about, so here the condition waited for is the token's expiry itself.
   */
  async function leaveTheTabUntilTokensExpire() {
    const expired = Date.now() + (TOKEN_SECONDS + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, expired - Date.now()));
  }

  /** While the session is refreshed, somebody else loads the catalog and the health check. */
  async function othersAreServed() {
    const [health, catalog] = await Promise.all([
      fetch(`${server.url}/api/health`),
      fetch(`${server.url}/api/catalog/banks`, { headers: { accept: 'application/json' } }),
    ]);
    expect(health.status).toBe(200);
    expect(catalog.status).toBe(200);
  }

  /** The reload asks the main API for the session, which needs a fresh token for the memberships. */
  async function reloadSignedIn() {
    const [reloaded] = await Promise.all([page.reload(), othersAreServed()]);
    expect(reloaded?.ok()).toBe(true);
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
  }

  it('signs in and practises across a refresh', async () => {
    await signIn(page, server.url, 'learner@questa.test');
    await page
      .getByRole('link', { name: /World Geography/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Start practising' }).click();
    await page.waitForURL(/\/practice\/[0-9a-f-]{36}$/);

    for (const position of [1, 2]) {
      const question = page.getByRole('region', { name: `Question ${position}`, exact: true });
      await question.waitFor();
      if (position === 2) {
        await leaveTheTabUntilTokensExpire();
        await reloadSignedIn();
        await question.waitFor();
      }
      await answerAnything(question);
      await page.getByRole('button', { name: 'Submit answer' }).click();
      await page.getByRole('region', { name: /^(Correct|Partly right|Wrong)$/ }).waitFor();
      await page.getByRole('button', { name: 'Next question' }).click();
    }
  });

  it('takes an exam across two more refreshes and submits it', async () => {
    await grantPremium(server.url, 'learner@questa.test');
    await startGeographyExam(page, server.url);

    for (const position of [1, 2, 3]) {
      if (position > 1) {
        await leaveTheTabUntilTokensExpire();
        await reloadSignedIn();
        await page
          .getByRole('navigation', { name: 'Questions' })
          .getByRole('button', { name: new RegExp(`^${position}\\b`) })
          .click();
      }
      const question = page.getByRole('region', { name: new RegExp(`^Question ${position} of`) });
      await question.waitFor();
      await answerAnything(question);
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    }

    await page.getByRole('button', { name: 'Submit exam' }).click();
    await page
      .getByRole('dialog', { name: 'Submit the exam?' })
      .getByRole('button', { name: 'Submit', exact: true })
      .click();
    await page.waitForURL(/\/exams\/[0-9a-f-]{36}\/review$/);
    await page
      .getByText(/^(Passed|Not passed)$/)
      .first()
      .waitFor();
    await othersAreServed();
    expect(server.output()).not.toMatch(/only connection has been busy/);
  });
});
