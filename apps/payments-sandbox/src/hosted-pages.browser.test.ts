import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestSettings } from '@questa/config';
import { startSandbox, WAIT_MS, type RunningSandbox } from './testing/sandbox-fixture';
import { stripeFor } from './testing/stripe-client';

const settings = readTestSettings();
const haveBrowser = existsSync(settings.chromiumPath);
if (!haveBrowser && settings.ci) {
  throw new Error(`Chromium not found at ${settings.chromiumPath}; CI requires the browser tests.`);
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The serious and critical axe-core violations on the page, by rule. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  // A string, evaluated in the page: the server's type library has no DOM.
  return page.evaluate(`axe.run(document).then((result) => result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id))`);
}

const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

describe.skipIf(!haveBrowser)(
  'the hosted pages in Chromium, on a 360 px phone',
  { timeout: 120_000 },
  () => {
    let sandbox: RunningSandbox;
    let stripe: Stripe;
    let browser: Browser;
    let price: Stripe.Price;

    beforeAll(async () => {
      sandbox = await startSandbox();
      stripe = stripeFor(sandbox);
      price = await stripe.prices.create({
        currency: 'eur',
        unit_amount: 900,
        recurring: { interval: 'month' },
        product_data: { name: 'Premium' },
      });
      browser = await chromium.launch({
        executablePath: settings.chromiumPath,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    });
    afterAll(async () => {
      await browser?.close();
      await sandbox?.close();
    });

    const openCheckout = async () => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id }],
        allow_promotion_codes: true,
        success_url: `${sandbox.origin}/sandbox-pay/health?session={CHECKOUT_SESSION_ID}`,
        cancel_url: `${sandbox.origin}/sandbox-pay/health?canceled=1`,
      });
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(session.url!);
      return { page, session };
    };

    it('is accessible and fits the screen, and a keyboard alone pays with a test card', async () => {
      const { page, session } = await openCheckout();
      await expect
        .poll(() => page.getByText('Sandbox — no real payment').isVisible(), { timeout: WAIT_MS })
        .toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);

      await page.getByLabel('Email').fill('phone@questa.test');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Ada Learner');
      await page.getByLabel('Name on card').press('Enter');
      await page.waitForURL(/\/sandbox-pay\/health\?session=/);
      expect(page.url()).toContain(session.id);
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
      await page.close();
    });

    it('shows a declined card as an alert the reader hears, and keeps what was typed', async () => {
      const { page } = await openCheckout();
      await page.getByLabel('Email').fill('declined@questa.test');
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Ada Learner');
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent(), { timeout: WAIT_MS })
        .toContain('Your card was declined.');
      expect(await page.getByLabel('Email').inputValue()).toBe('declined@questa.test');
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });

    it('renders the portal and an invoice accessibly', async () => {
      const { page, session } = await openCheckout();
      await page.getByLabel('Email').fill('portal@questa.test');
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByLabel('Expiry (MM / YY)').fill('1230');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Ada');
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForURL(/session=/);
      const completed = await stripe.checkout.sessions.retrieve(session.id, {
        expand: ['invoice'],
      });
      const portal = await stripe.billingPortal.sessions.create({
        customer: String(completed.customer),
        return_url: `${sandbox.origin}/sandbox-pay/health`,
      });
      await page.goto(portal.url);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Manage your subscription' }).isVisible(), {
          timeout: WAIT_MS,
        })
        .toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.getByRole('button', { name: 'Cancel at period end' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent(), { timeout: WAIT_MS })
        .toContain('will end');

      await page.goto((completed.invoice as Stripe.Invoice).hosted_invoice_url!);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  },
);
