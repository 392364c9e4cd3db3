import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_SESSION_PARAM,
  type BillingOverview,
  type Checkout,
  type InvoiceList,
  type Refund,
} from '@questa/contracts';
import type { MailMessage } from '@questa/mail';
import { payCheckout, startSandbox, type RunningSandbox } from '@questa/payments-sandbox/testing';
import { createStripePartner } from '../../adapters/payment-partner';
import { createUnitOfWork } from '../../db/unit-of-work';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { createUserRepository } from '../users/user.repository';
import { createPlanRepository } from './plan.repository';
import { createPlanService } from './plan.service';

const DAY = 24 * 3600;
const PAYS = '4242424242424242';
const DECLINES_RENEWALS = '4000000000000341';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/*
 * The same adapter and SDK against the built-in sandbox partner, as `npm start` runs them: hosted
 * checkout paid by card, webhooks signed and delivered over HTTP, renewals on the sandbox's clock.
 */
describe('billing against the built-in sandbox partner', () => {
  let sandbox: RunningSandbox;
  let kit: LearningApi;
  let admin: Learner;
  const sent: MailMessage[] = [];
  let monthly: string;

  beforeAll(async () => {
    const apiPort = await freePort();
    sandbox = await startSandbox({
      webhookUrls: [`http://127.0.0.1:${apiPort}/api/billing/webhook`],
    });
    const payments = createStripePartner({
      secretKey: sandbox.secretKey,
      webhookSecret: sandbox.webhookSecret,
      apiBase: sandbox.origin,
      timeoutMs: 10_000,
    });
    kit = await startLearningApi({
      billing: {
        payments,
        mail: { send: async (message) => void sent.push(message) },
        billing: { jobTickMs: 0 },
      },
    });
    await kit.api.listen({ port: apiPort, host: '127.0.0.1' });
    await createPlanService({
      plans: createPlanRepository(kit.db),
      unitOfWork: createUnitOfWork(kit.db),
      partner: payments,
    }).seedDefaults();
    admin = await kit.learner('admin');
    await createUserRepository(kit.db).grantRole(admin.userId, 'admin');
    const { plans } = (await kit.api.inject('/api/billing/plans')).json<{
      plans: { kind: string; prices: { id: string; currency: string; interval: string }[] }[];
    }>();
    monthly = plans
      .find((p) => p.kind === 'paid')!
      .prices.find((p) => p.currency === 'eur' && p.interval === 'month')!.id;
  }, 120_000);
  afterAll(async () => {
    await kit?.close();
    await sandbox?.close();
  });

  const billingOf = async (learner: Learner) =>
    (await learner.call({ url: '/api/billing/subscription' })).json<BillingOverview>().billing;
  const checkoutAs = async (learner: Learner) =>
    (
      await learner.call({
        method: 'POST',
        url: '/api/billing/checkout',
        payload: { priceId: monthly },
      })
    ).json<Checkout>();

  it('subscribes at the hosted page, renews, declines, and ends premium when the retries run out', async () => {
    const payer = await kit.learner('sandbox-payer');
    const decliner = await kit.learner('sandbox-decliner');
    for (const [learner, card] of [
      [payer, PAYS],
      [decliner, DECLINES_RENEWALS],
    ] as const) {
      const checkout = await checkoutAs(learner);
      expect(checkout.url).toContain(sandbox.origin);
      const paid = await payCheckout(checkout.url!, { cardNumber: card });
      expect(paid.location).toContain('/billing?checkout=success');
      await expect
        .poll(async () => (await billingOf(learner)).status, { timeout: 15_000 })
        .toBe('trialing');
    }

    // The trial ends: the sandbox charges both cards without the learners present.
    await sandbox.advance(8 * DAY);
    await expect
      .poll(async () => (await billingOf(payer)).status, { timeout: 15_000 })
      .toBe('active');
    await expect
      .poll(async () => (await billingOf(decliner)).status, { timeout: 15_000 })
      .toBe('past_due');
    expect((await billingOf(decliner)).features.exams).toBe(true);
    await expect
      .poll(() => sent.filter((m) => m.to === `${decliner.sub}@example.test`).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    // The payer's renewal was paid: an admin refunds part of it at the partner.
    const { invoices } = (await payer.call({ url: '/api/billing/invoices' })).json<InvoiceList>();
    const charged = invoices.find((invoice) => invoice.amountPaid > 0)!;
    expect(charged).toMatchObject({ status: 'paid', amountPaid: 900, currency: 'eur' });
    const refund = await admin.call({
      method: 'POST',
      url: `/api/admin/billing/invoices/${charged.id}/refunds`,
      payload: { amount: 300 },
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json<Refund>()).toMatchObject({ amount: 300 });

    // Retries run out before the next period: the sandbox cancels, and premium ends.
    await sandbox.advance(30 * DAY);
    await expect
      .poll(async () => (await billingOf(decliner)).status, { timeout: 15_000 })
      .toBe('canceled');
    expect((await billingOf(decliner)).features.exams).toBe(false);
    const exam = await decliner.call({
      method: 'POST',
      url: '/api/exams',
      payload: { bankId: kit.publicBankId },
    });
    expect(exam.statusCode).toBe(402);
  }, 120_000);

  it('shows premium on the return from the hosted page, while the webhooks are still late', async () => {
    const learner = await kit.learner('sandbox-returns');
    await sandbox.control('/delivery', { late: 'true', late_ms: '60000' });
    try {
      const checkout = await checkoutAs(learner);
      const paid = await payCheckout(checkout.url!, { cardNumber: PAYS });
      const back = new URL(paid.location!, 'http://questa.test');
      expect(back.pathname).toBe('/billing');
      expect(back.searchParams.get('checkout')).toBe('success');
      const sessionId = back.searchParams.get(CHECKOUT_SESSION_PARAM)!;
      expect(sessionId).toMatch(/^cs_test_/);

      // No webhook has come yet: the return alone switches premium on, at once.
      expect((await billingOf(learner)).status).toBe('checkout_pending');
      const returned = await learner.call({
        method: 'POST',
        url: '/api/billing/checkout/return',
        payload: { sessionId },
      });
      expect(returned.statusCode).toBe(200);
      expect(returned.json<BillingOverview>().billing.status).toBe('trialing');
      expect((await learner.call({ url: '/api/session' })).json()).toMatchObject({
        entitlements: { premium: true },
      });
    } finally {
      await sandbox.control('/delivery', { late: 'false' });
    }
  }, 60_000);

  it('opens the hosted checkout and portal in the learner’s language', async () => {
    const learner = await kit.learner('sandbox-german');
    const checkout = (
      await learner.call({
        method: 'POST',
        url: '/api/billing/checkout',
        payload: { priceId: monthly, locale: 'de-AT' },
      })
    ).json<Checkout>();
    // The browser asks for English: the language the app passed on wins, as at Stripe.
    const english = { headers: { 'accept-language': 'en' } };
    const page = await (await fetch(checkout.url!, english)).text();
    expect(page).toContain('<html lang="de"');
    expect(page).toContain('pro Monat');
    const paid = await payCheckout(checkout.url!, { cardNumber: PAYS });
    const sessionId = new URL(paid.location!, 'http://questa.test').searchParams.get(
      CHECKOUT_SESSION_PARAM,
    )!;
    await learner.call({
      method: 'POST',
      url: '/api/billing/checkout/return',
      payload: { sessionId },
    });
    const { subscription } = (
      await learner.call({ url: '/api/billing/subscription' })
    ).json<BillingOverview>();

    const portalIn = async (payload?: { locale: string }) => {
      const opened = await learner.call({
        method: 'POST',
        url: `/api/billing/subscriptions/${subscription!.id}/portal`,
        ...(payload && { payload }),
      });
      expect(opened.statusCode, opened.body).toBe(200);
      return (await fetch(opened.json<{ url: string }>().url, english)).text();
    };
    expect(await portalIn({ locale: 'de' })).toContain('Abonnement verwalten');
    // Switching the app to English within the same minute opens an English portal.
    expect(await portalIn({ locale: 'en' })).toContain('Manage your subscription');
    // Without a language the portal follows the browser's.
    expect(await portalIn()).toContain('<html lang="en"');

    const refused = await learner.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId: monthly, locale: 'not a language' },
    });
    expect(refused.statusCode).toBe(400);
  }, 60_000);

  it('sees an abandoned checkout expire on the sandbox’s clock', async () => {
    const learner = await kit.learner('sandbox-abandons');
    await checkoutAs(learner);
    expect((await billingOf(learner)).status).toBe('checkout_pending');
    await sandbox.advance(2 * 3600);
    await expect
      .poll(async () => (await billingOf(learner)).status, { timeout: 15_000 })
      .toBe('none');
  }, 60_000);
});
