import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview } from '@questa/contracts';
import { startBillingApi, type BillingApi } from './testing/billing-test-kit';
import type { Learner } from '../learning/learning-test-kit';

describe('billing: the payment partner’s webhooks', () => {
  let kit: BillingApi;

  beforeAll(async () => {
    kit = await startBillingApi({ pastDueGraceDays: 7 });
  });
  afterAll(async () => {
    await kit?.close();
  });

  const billingOf = async (learner: Learner) =>
    (await learner.call({ url: '/api/billing/subscription' })).json<BillingOverview>();
  const eventRows = () => kit.db.selectFrom('payment_events').selectAll().execute();

  it('refuses a forged signature and records nothing', async () => {
    const learner = await kit.learner('forged');
    const checkout = await learner.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId: kit.priceOf('eur', 'month') },
    });
    const events = kit.partner.completeCheckout(kit.sessionOf(checkout.json<{ id: string }>().id));
    const before = (await eventRows()).length;
    for (const event of events) {
      const forged = await kit.deliver(event, { secret: 'whsec_not_the_partners' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: 'validation.failed' });
    }
    // Tampering with a signed body breaks its signature too.
    const { payload, signature } = kit.partner.signed(events[0]!);
    const tampered = await kit.api.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace(
        '"customer.subscription.created"',
        '"customer.subscription.deleted"',
      ),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await kit.api.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await eventRows()).length).toBe(before);
    expect((await billingOf(learner)).billing.status).toBe('checkout_pending');
  });

  it('refuses a signature whose timestamp is more than 300 seconds old', async () => {
    const event = kit.partner.otherEvent();
    const stale = await kit.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect((await eventRows()).some((row) => row.id === event.id)).toBe(false);
    const recent = await kit.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect(recent.statusCode).toBe(200);
  });

  it('applies a replayed event once, and answers the replay without asking the partner', async () => {
    const learner = await kit.learner('replayed');
    const subscriptionId = await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    const [updated, failed] = kit.partner.renew(subscriptionId, { declined: true });
    expect((await kit.deliver(failed!)).statusCode).toBe(200);
    const before = kit.partner.calls.length;
    for (let i = 0; i < 3; i += 1) {
      const replay = await kit.deliver(failed!);
      expect(replay.statusCode).toBe(200);
    }
    const invoiceId = failed!.data.object.id;
    expect(kit.partner.calls.slice(before).filter((c) => c.path.endsWith(invoiceId))).toEqual([]);
    expect((await eventRows()).filter((row) => row.id === failed!.id)).toHaveLength(1);
    const notices = await kit.db
      .selectFrom('billing_notices')
      .select('key')
      .where('user_id', '=', learner.userId)
      .execute();
    expect(notices).toHaveLength(1);
    expect((await kit.deliver(updated!)).statusCode).toBe(200);
  });

  it('acknowledges an event for a customer Questa does not know, and changes nothing', async () => {
    const [event] = kit.partner.strangerSubscription();
    const answer = await kit.deliver(event!);
    expect(answer.statusCode).toBe(200);
    const row = (await eventRows()).find((r) => r.id === event!.id);
    expect(row?.outcome).toBe('unknown_customer');
    const stored = await kit.db
      .selectFrom('billing_subscriptions')
      .select('id')
      .where('partner_subscription_id', '=', event!.data.object.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers while the partner is down, and applies the event once the partner is back', async () => {
    const learner = await kit.learner('incident');
    const subscriptionId = await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    const events = kit.partner.cancel(subscriptionId, { atPeriodEnd: false });
    kit.partner.outage = true;
    try {
      for (const event of events) {
        expect((await kit.deliver(event, { keepPending: true })).statusCode).toBe(200);
      }
      await expect
        .poll(async () => (await eventRows()).find((r) => r.id === events[0]!.id)?.attempts, {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      expect((await billingOf(learner)).billing.status).not.toBe('canceled');
    } finally {
      kit.partner.outage = false;
    }
    // The next attempt comes by itself, a couple of seconds later; nothing is sent again.
    await expect
      .poll(async () => (await billingOf(learner)).billing.status, { timeout: 15_000 })
      .toBe('canceled');
    const rows = (await eventRows()).filter((r) => events.some((e) => e.id === r.id));
    expect(rows.map((r) => r.outcome)).not.toContain('pending');
  });

  it('reads an object once for a burst of events about it', async () => {
    const learner = await kit.learner('burst');
    const subscriptionId = await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    const events = [
      ...kit.partner.update(subscriptionId, { metadata: { note: 'one' } }),
      ...kit.partner.update(subscriptionId, { metadata: { note: 'two' } }),
      ...kit.partner.update(subscriptionId, { metadata: { note: 'three' } }),
    ];
    const before = kit.partner.calls.length;
    await Promise.all(events.map((event) => kit.deliver(event)));
    const reads = kit.partner.calls
      .slice(before)
      .filter((call) => call.method === 'GET' && call.path.endsWith(subscriptionId));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThan(events.length);
  });

  it('acknowledges and ignores events of types it does not handle', async () => {
    const event = kit.partner.otherEvent();
    const reads = kit.partner.calls.length;
    expect((await kit.deliver(event)).json()).toEqual({ received: true });
    expect(kit.partner.calls.length).toBe(reads);
    expect((await eventRows()).find((r) => r.id === event.id)?.outcome).toBe('ignored');
  });

  it('keeps premium while a declined renewal is retried, then ends it when the partner cancels', async () => {
    const learner = await kit.learner('declined');
    const subscriptionId = await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    for (const event of kit.partner.renew(subscriptionId, { declined: true })) {
      expect((await kit.deliver(event)).statusCode).toBe(200);
    }
    const pastDue = await billingOf(learner);
    expect(pastDue.billing).toMatchObject({ status: 'past_due', pastDue: true, renewsAt: null });
    expect(pastDue.billing.features.exams).toBe(true);
    const start = Date.parse(pastDue.subscription!.currentPeriodStart!);
    expect(Date.parse(pastDue.billing.endsAt!)).toBe(start + 7 * 24 * 3600_000);
    const exam = await learner.call({
      method: 'POST',
      url: '/api/exams',
      payload: { bankId: kit.publicBankId },
    });
    expect(exam.statusCode).toBe(201);

    // The learner is told, once per failed attempt, by mail sent after the change committed.
    for (const event of kit.partner.retryFails(subscriptionId)) await kit.deliver(event);
    await expect
      .poll(() => kit.mail.sent.filter((m) => m.to === `${learner.sub}@example.test`).length)
      .toBe(2);
    expect(kit.mail.sent.at(-1)!.subject).toBe('Your Questa payment did not go through');
    expect(kit.mail.sent.at(-1)!.text).toContain('€9.00');

    for (const event of kit.partner.cancelForNonPayment(subscriptionId)) await kit.deliver(event);
    const canceled = await billingOf(learner);
    expect(canceled.billing.status).toBe('canceled');
    expect(canceled.billing.features.exams).toBe(false);
    const refused = await learner.call({
      method: 'POST',
      url: '/api/exams',
      payload: { bankId: kit.publicBankId },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'payment.required' });
    const practice = await learner.call({
      method: 'POST',
      url: '/api/practice/sessions',
      payload: { bankId: kit.premiumBankId },
    });
    expect(practice.statusCode).toBe(402);
  });

  it('keeps premium until the period ends after a cancellation at the period’s end', async () => {
    const learner = await kit.learner('leaving');
    const subscriptionId = await kit.subscribe(learner, kit.priceOf('eur', 'year'));
    for (const event of kit.partner.cancel(subscriptionId, { atPeriodEnd: true })) {
      await kit.deliver(event);
    }
    const { billing, subscription } = await billingOf(learner);
    expect(billing).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true, renewsAt: null });
    expect(billing.endsAt).toBe(subscription!.currentPeriodEnd);
    expect(billing.features.premiumBanks).toBe(true);
  });

  it('never lets an older read of a subscription undo a newer one', async () => {
    const learner = await kit.learner('ordering');
    const subscriptionId = await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    const [renewed] = kit.partner.renew(subscriptionId, { declined: false });
    const [deleted] = kit.partner.cancelForNonPayment(subscriptionId);
    // The later event first, then the earlier one: both read the partner's current object.
    await kit.deliver(deleted!);
    await kit.deliver(renewed!);
    expect((await billingOf(learner)).billing.status).toBe('canceled');
    const history = await kit.db
      .selectFrom('billing_subscription_changes as c')
      .innerJoin('billing_subscriptions as s', 's.id', 'c.subscription_id')
      .select('c.status')
      .where('s.user_id', '=', learner.userId)
      .orderBy('c.id')
      .execute();
    expect(history.map((h) => h.status)).toEqual(['trialing', 'canceled']);
  });
});
