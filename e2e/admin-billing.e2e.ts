import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signIn, signUp } from './support/sign-in';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const phone = { width: 360, height: 740 };
const desk = { width: 1280, height: 900 };

/**
 * The admin's billing pages in Chromium against the one-process Questa and its built-in sandbox
 * partner: the admin creates a plan without a trial, a new learner buys it on the sandbox's
 * hosted checkout page, the admin finds them among the subscribers, refunds part of the payment
 * and reads the revenue chart; at 1280 px and at 360 px, with axe on every billing page.
 */
describe.skipIf(!browserAvailable)('admin billing', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const stamp = Date.now().toString(36);
  const planName = `Classroom ${stamp}`;
  const learnerName = `Pat Payer ${stamp}`;
  const email = `payer-${stamp}@questa.test`;
  const password = 'a long enough passphrase';
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let planId = '';
  const pageErrors: string[] = [];

  const asBrowser = (extra: Record<string, string> = {}) => ({
    'x-questa-request': '1',
    origin: baseUrl,
    ...extra,
  });

  async function newPage() {
    const context = await browser.newContext({ viewport: desk });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  /** Axe finds nothing serious, and the page fits a phone without scrolling sideways. */
  async function check(page: Page, name: string) {
    expect(await seriousAccessibilityViolations(page), name).toEqual([]);
    if (screenshots)
      await page.screenshot({
        path: `${screenshots}/admin-billing-${name}-1280.png`,
        fullPage: true,
      });
    await page.setViewportSize(phone);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at 360 px`).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityViolations(page), `${name} at 360 px`).toEqual([]);
    if (screenshots)
      await page.screenshot({
        path: `${screenshots}/admin-billing-${name}-360.png`,
        fullPage: true,
      });
    await page.setViewportSize(desk);
  }

  /** Whether an element lies inside the viewport's width, so a phone shows it without scrolling. */
  const withinWidth = (page: Page, selector: ReturnType<Page['getByRole']>) =>
    selector.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.left >= 0 && box.right <= document.documentElement.clientWidth;
    });

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage();
    await signIn(admin, baseUrl, 'admin@questa.test');
  });
  afterAll(async () => {
    // The plan is withdrawn again, so other tests see the plans on sale as they were.
    if (planId) {
      await admin.request.patch(`${baseUrl}/api/admin/billing/plans/${planId}`, {
        data: { active: false },
        headers: asBrowser(),
      });
    }
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('creates a plan without a trial, hosting rooms of 30 players, and says so', async () => {
    await admin.goto(`${baseUrl}/admin?tab=plans`);
    await admin.getByRole('article', { name: 'Premium' }).waitFor();
    await check(admin, 'plans');

    await admin.getByRole('button', { name: 'New plan' }).click();
    const form = admin.getByRole('form', { name: 'New plan' });
    await form.getByLabel('Name').fill(planName);
    await form.getByLabel('Trial').fill('0');
    await form.getByLabel('Premium banks').check();
    await form.getByLabel('Timed exams').check();
    await form.getByLabel('Hosting live rooms').check();
    await form.getByLabel('Players per room').fill('30');
    await form.getByLabel('Amount').fill('12.00');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await admin.getByText(`Plan “${planName}” created.`).waitFor();
    const card = admin.getByRole('article', { name: planName });
    await card.getByText('€12.00 a month').waitFor();
    await card.getByText('Hosting live rooms of up to 30 players').waitFor();

    const { plans } = (await (
      await admin.request.get(`${baseUrl}/api/admin/billing/plans`)
    ).json()) as { plans: { id: string; name: string }[] };
    planId = plans.find((plan) => plan.name === planName)!.id;

    // Changing the price says what saving will do before anything is saved.
    await admin.getByRole('button', { name: `Change plan ${planName}` }).click();
    const change = admin.getByRole('form', { name: `Change ${planName}` });
    await change.getByLabel('Amount').fill('13');
    await change
      .getByRole('note')
      .getByText(/replace €12.00 a month with a new price of €13.00 a month/)
      .waitFor();
    await check(admin, 'plan-form');
    await change.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates a promotion code', async () => {
    await admin.getByRole('tab', { name: 'Promotion codes' }).click();
    await admin.getByRole('button', { name: 'New promotion code' }).click();
    const form = admin.getByRole('form', { name: 'New promotion code' });
    await form.getByLabel('Code').fill(`E2E-${stamp}`);
    await form.getByLabel('Percent off').fill('10');
    await form.getByRole('button', { name: 'Create code' }).click();
    await admin
      .getByText(`Promotion code E2E-${stamp.toUpperCase()} created.`, { exact: false })
      .waitFor();
    await check(admin, 'promotion-codes');
    await admin.request.patch(
      `${baseUrl}/api/admin/billing/promotion-codes/${await codeId(`E2E-${stamp.toUpperCase()}`)}`,
      { data: { active: false }, headers: asBrowser() },
    );
  });

  async function codeId(code: string) {
    const { promotionCodes } = (await (
      await admin.request.get(`${baseUrl}/api/admin/billing/promotion-codes`)
    ).json()) as { promotionCodes: { id: string; code: string }[] };
    return promotionCodes.find((entry) => entry.code === code)!.id;
  }

  it('lets a new learner buy the plan on the sandbox’s hosted checkout page', async () => {
    const learner = await newPage();
    await signUp(learner, baseUrl, outbox, { name: learnerName, email, password });

    const { plans } = (await (
      await learner.request.get(`${baseUrl}/api/billing/plans`)
    ).json()) as {
      plans: { id: string; prices: { id: string }[] }[];
    };
    const priceId = plans.find((plan) => plan.id === planId)!.prices[0]!.id;
    const started = await learner.request.post(`${baseUrl}/api/billing/checkout`, {
      data: { priceId },
      headers: asBrowser(),
    });
    expect(started.status()).toBe(201);
    const { url } = (await started.json()) as { url: string };

    await learner.goto(url);
    await learner.getByLabel('Card number').fill('4242 4242 4242 4242');
    await learner.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await learner.getByLabel('CVC').fill('123');
    await learner.getByLabel('Name on card').fill(learnerName);
    await learner.getByRole('button', { name: 'Subscribe' }).click();
    await learner.waitForURL(/\/billing\?checkout=success/);

    await expect
      .poll(
        async () => {
          const session = (await (await learner.request.get(`${baseUrl}/api/session`)).json()) as {
            billing?: { status: string };
          };
          return session.billing?.status;
        },
        { timeout: 20_000 },
      )
      .toBe('active');
  });

  it('finds the learner among the subscribers and refunds part of the payment', async () => {
    await admin.getByRole('tab', { name: 'Subscribers' }).click();
    const search = admin.getByRole('search', { name: 'Search subscribers' });
    await search.getByLabel('Email or name').fill(email);
    await search.getByRole('button', { name: 'Search' }).click();
    const table = admin.getByRole('table', { name: 'Subscribers' });
    const row = table.getByRole('row').filter({ hasText: email });
    await row.getByText('Active').waitFor();
    await row.getByText(planName).waitFor();
    await check(admin, 'subscribers');

    await admin.setViewportSize(phone);
    const history = row.getByRole('link', { name: `Billing history of ${learnerName}` });
    expect(await withinWidth(admin, history)).toBe(true);
    await admin.setViewportSize(desk);
    await history.click();
    await admin.getByRole('heading', { name: `Billing of ${learnerName}` }).waitFor();
    const invoices = admin.getByRole('table', { name: 'Invoices' });
    await invoices.getByText('€12.00').first().waitFor();
    await check(admin, 'learner');

    await admin.setViewportSize(phone);
    const refund = invoices.getByRole('button', { name: /^Refund invoice / });
    expect(await withinWidth(admin, refund)).toBe(true);
    await refund.click();
    const dialog = admin.getByRole('dialog', { name: /^Refund / });
    await dialog.getByLabel('Part of it').check();
    await dialog.getByLabel('Amount in EUR').fill('5');
    await dialog
      .getByText('€5.00 of the €12.00 paid on')
      .filter({ hasText: `goes back to ${learnerName}’s card. A refund cannot be undone.` })
      .waitFor();
    expect(await seriousAccessibilityViolations(admin), 'refund dialog at 360 px').toEqual([]);
    if (screenshots)
      await admin.screenshot({ path: `${screenshots}/admin-billing-refund-360.png` });
    await admin.setViewportSize(desk);
    if (screenshots)
      await admin.screenshot({ path: `${screenshots}/admin-billing-refund-1280.png` });
    await dialog.getByRole('button', { name: 'Refund €5.00' }).click();

    await admin.getByText(`€5.00 refunded to ${learnerName}.`, { exact: false }).waitFor();
    await admin.getByRole('table', { name: 'Refunds' }).getByText('€5.00').waitFor();
    await invoices.getByText('€5.00').waitFor();
  });

  it('reads the revenue chart with its table, and the refund in the audit log', async () => {
    await admin.getByRole('tab', { name: 'Revenue' }).click();
    for (const chart of [
      /^Chart of .*: monthly recurring revenue went from/,
      /^Chart of .*: active subscribers went from/,
      /^Chart of .*new and .*churned subscribers/,
    ]) {
      await admin.getByRole('img', { name: chart }).waitFor();
    }
    const thisMonth = new Intl.DateTimeFormat('en', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    const table = admin.getByRole('table', { name: /^Subscribers and money per month/ });
    await table.getByRole('row', { name: new RegExp(`^${thisMonth}`) }).waitFor();
    await admin.getByText('Active subscribers', { exact: true }).waitFor();
    await check(admin, 'revenue');

    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const audit = admin.getByRole('table', { name: 'Audit log' });
    await audit.getByText('Refund issued').first().waitFor();
    await audit.getByText('Plan created').first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});
