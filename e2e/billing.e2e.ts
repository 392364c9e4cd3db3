import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { startQuesta, type RunningServer } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { startGeographyExam } from './support/learning';
import { sandboxControl } from './support/payments-sandbox';
import { signUp } from './support/sign-in';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const phone = { width: 360, height: 740 };
const desk = { width: 1280, height: 900 };

/**
 * Premium as a learner meets it, in Chromium against the one-process Questa and its built-in
 * sandbox partner: a new learner compares the plans, pays monthly premium on the partner's hosted
 * page, comes back to "premium active" before the partner's webhooks have arrived (the return
 * page has the paid session applied), and starts an exam; cancels at the
 * period's end in the partner's portal and resumes. Then, on the sandbox's clock, a renewal with
 * a card declined without the customer makes the payment past due, which every page says, and
 * once the partner gives up, premium ends and a premium bank answers payment.required.
 *
 * It runs a Questa of its own: the sandbox's clock only moves forward, and other tests' payments
 * should keep the date they were made on.
 */
describe.skipIf(!browserAvailable)('premium through the payment partner', () => {
  let server: RunningServer;
  let baseUrl = '';
  const stamp = Date.now().toString(36);
  const name = `Priya Premium ${stamp}`;
  const email = `premium-${stamp}@questa.test`;
  const password = 'a long enough passphrase';
  let browser: Browser;
  let page: Page;
  let sandbox: Awaited<ReturnType<typeof sandboxControl>>;
  const pageErrors: string[] = [];

  /** Axe finds nothing serious; with SCREENSHOTS, the page at 1280 and 360 px, light and dark. */
  async function check(label: string) {
    expect(await seriousAccessibilityViolations(page), label).toEqual([]);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const viewport of [desk, phone]) {
        await page.setViewportSize(viewport);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${label} at ${viewport.width} px`).toBeLessThanOrEqual(0);
        if (screenshots) {
          await page.screenshot({
            path: `${screenshots}/billing-${label}-${viewport.width}-${colorScheme}.png`,
            animations: 'disabled',
            fullPage: true,
          });
        }
      }
      expect(await seriousAccessibilityViolations(page), `${label}, ${colorScheme}`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(desk);
  }

  /** The partner's word reaches Questa by webhook; the page shows it once it has. */
  async function reloadUntil(visible: () => ReturnType<Page['getByText']>, timeout = 45_000) {
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          return visible().isVisible();
        },
        { timeout, interval: 1000 },
      )
      .toBe(true);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startQuesta(), launchBrowser()]);
    baseUrl = server.url;
    page = await (await browser.newContext({ viewport: desk })).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    sandbox = await sandboxControl(baseUrl, server.dataDir);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets a new learner compare the plans, with prices in their language', async () => {
    const outbox = path.join(server.dataDir, 'outbox');
    await signUp(page, baseUrl, outbox, { name, email, password });

    // A free learner meets premium at the exam wall: off before the click, with the way to the plans.
    await page.goto(baseUrl);
    await page
      .getByRole('link', { name: /World Geography/ })
      .first()
      .click();
    const start = page.getByRole('button', { name: /^Start exam: / }).first();
    await start.waitFor();
    expect(await start.isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'See premium plans' }).first().click();
    await page.waitForURL(`${baseUrl}/billing`);

    const premium = page.getByRole('article', { name: 'Premium' });
    await premium.getByText('€9.00').waitFor();
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await premium.getByText('€90.00').waitFor();
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await check('plans');
  });

  it('pays monthly premium on the partner’s page, and is premium on return, before any webhook', async () => {
    // The partner's events are held back for two minutes: only the return page can switch
    // premium on in time, by having the paid session applied.
    await sandbox.delayDeliveries(120_000);
    await page.getByRole('button', { name: 'Subscribe to Premium, Monthly' }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill(name);
    // Premium starts with a free trial: the card is kept for when it ends.
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(/\/billing\?checkout=success&session_id=cs_test_\w+$/);
    await page.getByRole('heading', { name: 'Premium is active' }).waitFor({ timeout: 20_000 });
    await sandbox.delayDeliveries(0);
    const session = await page.evaluate(async () => {
      const response = await fetch('/api/session');
      return (await response.json()) as { entitlements: { premium: boolean } };
    });
    expect(session.entitlements.premium).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    if (screenshots) await page.screenshot({ path: `${screenshots}/billing-active-1280.png` });
  }, 90_000);

  it('starts an exam, which premium includes', async () => {
    await startGeographyExam(page, baseUrl);
    await page.getByRole('region', { name: /^Question 1 of/ }).waitFor();
  });

  it('cancels at the period’s end in the partner’s portal, and resumes', async () => {
    await page.goto(`${baseUrl}/billing`);
    const panel = page.getByRole('region', { name: 'Your subscription' });
    await panel.getByText('Free trial').first().waitFor();
    await panel.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByRole('link', { name: 'Return to the site' }).click();
    await page.waitForURL(`${baseUrl}/billing`);
    // The partner's word may trail the learner back; the page asks again meanwhile.
    await panel.getByText(/^Premium until /).waitFor({ timeout: 30_000 });
    await check('canceling');
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('heading', { name: 'Plan' }).waitFor();
    await page.getByText(/^Premium until /).waitFor();

    await page.goto(`${baseUrl}/billing`);
    await panel.getByRole('button', { name: 'Manage subscription' }).click();
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    // From now on the card on file pays while the learner is present and is declined without them.
    await page.getByRole('link', { name: 'Update card' }).click();
    await page.getByLabel('Card number').fill('4000 0000 0000 0341');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill(name);
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText(/ending in 0341/).waitFor();
    await page.getByRole('link', { name: 'Return to the site' }).click();
    await page.waitForURL(`${baseUrl}/billing`);
    await panel.getByText('Renews on').waitFor({ timeout: 30_000 });
  }, 90_000);

  it('says on every page that a renewal failed, with the way to fix it', async () => {
    // The trial ends and its first charge, made without the learner, is declined.
    await sandbox.advanceClock(8);
    await page.goto(baseUrl);
    const banner = page.getByRole('complementary', { name: 'Payment problem' });
    await reloadUntil(() => banner);
    await check('past-due-catalog');
    await banner.getByRole('link', { name: 'Fix payment' }).click();
    await page.waitForURL(`${baseUrl}/billing`);
    await page.getByRole('button', { name: 'Update card' }).waitFor();
    expect(await banner.count()).toBe(0);
    await check('past-due');
  }, 120_000);

  it('ends premium once the partner stops retrying, and a premium bank answers payment.required', async () => {
    // Retries 3, 5 and 7 days apart all fail; then the partner cancels the subscription.
    await sandbox.advanceClock(16);
    await page.goto(`${baseUrl}/billing`);
    await reloadUntil(() =>
      page.getByRole('region', { name: 'Your subscription' }).getByText('Canceled'),
    );
    await page.getByRole('button', { name: 'Subscribe to Premium, Monthly' }).waitFor();

    await page.goto(baseUrl);
    await page
      .getByRole('link', { name: /Algebra Essentials/ })
      .first()
      .click();
    await page.waitForURL(/\/banks\/[0-9a-f-]{36}$/);
    const bankId = /([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await page.getByText('Practising this bank needs premium.').first().waitFor();
    const refused = await page.evaluate(async (id) => {
      const response = await fetch('/api/practice/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-questa-request': '1' },
        body: JSON.stringify({ bankId: id }),
      });
      return { status: response.status, body: (await response.json()) as { code?: string } };
    }, bankId);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('payment.required');
    await page.getByRole('link', { name: 'See premium plans' }).first().click();
    await page.waitForURL(`${baseUrl}/billing`);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
