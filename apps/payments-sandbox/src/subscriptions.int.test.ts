import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addInterval, DAY } from './model/time';
import { payCheckout } from './testing/hosted-pages';
import { startSandbox, WAIT_MS, type RunningSandbox } from './testing/sandbox-fixture';
import { stripeFor, verifierFor } from './testing/stripe-client';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

const PAYS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const DECLINED_LATER = '4000 0000 0000 0341';
const SUCCESS = 'https://questa.test/billing?checkout=success&session={CHECKOUT_SESSION_ID}';

describe(
  'subscriptions through checkout, renewals on a test clock, and what follows',
  { timeout: 120_000 },
  () => {
    let sandbox: RunningSandbox;
    let stripe: Stripe;
    let receiver: WebhookReceiver;
    let monthly: Stripe.Price;
    let yearly: Stripe.Price;

    beforeAll(async () => {
      let secret = '';
      receiver = await startWebhookReceiver(
        verifierFor(new Stripe('sk_test_unused'), () => secret),
      );
      sandbox = await startSandbox({ webhookUrls: [receiver.url] });
      secret = sandbox.webhookSecret;
      stripe = stripeFor(sandbox);
      const product = await stripe.products.create({ name: 'Premium', description: 'All banks.' });
      monthly = await stripe.prices.create({
        product: product.id,
        currency: 'eur',
        unit_amount: 900,
        recurring: { interval: 'month' },
      });
      yearly = await stripe.prices.create({
        product: product.id,
        currency: 'eur',
        unit_amount: 9000,
        recurring: { interval: 'year' },
      });
    });
    afterAll(async () => {
      await sandbox?.close();
      await receiver?.close();
    });

    /** A customer on a fresh test clock, subscribed through the hosted checkout with `card`. */
    async function subscribeOnClock(
      card: string,
      options: { trialDays?: number; price?: Stripe.Price } = {},
    ) {
      const start = Math.floor(Date.UTC(2031, 0, 10, 12) / 1000);
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
      const customer = await stripe.customers.create({
        email: `learner-${clock.id}@questa.test`,
        test_clock: clock.id,
      });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        client_reference_id: `user-${clock.id}`,
        line_items: [{ price: (options.price ?? monthly).id, quantity: 1 }],
        success_url: SUCCESS,
        ...(options.trialDays && { subscription_data: { trial_period_days: options.trialDays } }),
      });
      const paid = await payCheckout(session.url!, { cardNumber: card });
      expect(paid.status).toBe(303);
      const completed = await stripe.checkout.sessions.retrieve(session.id);
      const subscription = await stripe.subscriptions.retrieve(String(completed.subscription));
      return { clock, customer, session: completed, subscription, start };
    }

    async function advanceClock(clock: Stripe.TestHelpers.TestClock, to: number) {
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to });
      await expect
        .poll(async () => (await stripe.testHelpers.testClocks.retrieve(clock.id)).status, {
          timeout: WAIT_MS,
        })
        .toBe('ready');
    }

    it('pays a subscription checkout on the hosted page and reports it by signed webhooks', async () => {
      const customer = await stripe.customers.create({ email: 'ada@questa.test' });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        client_reference_id: 'questa-user-7',
        line_items: [{ price: monthly.id, quantity: 1 }],
        success_url: SUCCESS,
        cancel_url: 'https://questa.test/billing?checkout=canceled',
        metadata: { questaCheckout: 'c-1' },
      });
      expect(session).toMatchObject({
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: 900,
        currency: 'eur',
        client_reference_id: 'questa-user-7',
      });
      expect(session.id).toMatch(/^cs_test_/);
      expect(session.url).toBe(`${sandbox.origin}/sandbox-pay/checkout/${session.id}`);

      const page = await fetch(session.url!);
      const body = await page.text();
      expect(page.status).toBe(200);
      expect(body).toContain('Sandbox — no real payment');
      expect(body).toContain('Subscribe to Premium');
      expect(body).toContain('€9.00');

      const paid = await payCheckout(session.url!, { cardNumber: PAYS });
      expect(paid.location).toBe(
        `https://questa.test/billing?checkout=success&session=${session.id}`,
      );

      const completed = await stripe.checkout.sessions.retrieve(session.id, {
        expand: ['subscription', 'line_items', 'invoice'],
      });
      expect(completed).toMatchObject({
        status: 'complete',
        payment_status: 'paid',
        customer: customer.id,
        metadata: { questaCheckout: 'c-1' },
      });
      expect(completed.line_items?.data[0]?.price?.id).toBe(monthly.id);
      const subscription = completed.subscription as Stripe.Subscription;
      expect(subscription).toMatchObject({ status: 'active', customer: customer.id });
      const item = subscription.items.data[0]!;
      expect(item.current_period_end).toBe(addInterval(item.current_period_start, 'month', 1));
      const invoice = completed.invoice as Stripe.Invoice;
      expect(invoice).toMatchObject({
        status: 'paid',
        amount_paid: 900,
        billing_reason: 'subscription_create',
        parent: { subscription_details: { subscription: subscription.id } },
      });

      const hosted = await fetch(invoice.hosted_invoice_url!);
      expect(hosted.status).toBe(200);
      expect(await hosted.text()).toContain('Sandbox — no real payment');
      const pdf = await fetch(invoice.invoice_pdf!);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      await receiver.waitFor((deliveries) =>
        deliveries.some(
          (d) =>
            d.event.type === 'checkout.session.completed' && d.event.data.object.id === session.id,
        ),
      );
      const types = receiver.deliveries
        .filter((d) => JSON.stringify(d.event.data.object).includes(customer.id))
        .map((d) => d.event.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'customer.subscription.created',
          'invoice.paid',
          'invoice.payment_succeeded',
          'charge.succeeded',
          'checkout.session.completed',
        ]),
      );
      const completedEvent = receiver.ofType('checkout.session.completed').at(-1)!.event;
      expect(completedEvent.data.object).toMatchObject({
        client_reference_id: 'questa-user-7',
        subscription: subscription.id,
      });
      expect(receiver.rejected).toEqual([]);
    });

    it('shows a declined card on the page, keeps the checkout open, and charges nothing', async () => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: 'declined@questa.test',
        line_items: [{ price: monthly.id }],
        success_url: SUCCESS,
      });
      const declined = await payCheckout(session.url!, { cardNumber: DECLINED });
      expect(declined.status).toBe(402);
      expect(declined.body).toContain('Your card was declined.');
      const wrongNumber = await payCheckout(session.url!, { cardNumber: '4242 4242 4242 4241' });
      expect(wrongNumber.status).toBe(400);
      expect(wrongNumber.body).toContain('Your card number is incorrect.');
      const still = await stripe.checkout.sessions.retrieve(session.id);
      expect(still).toMatchObject({ status: 'open', subscription: null, customer: null });
    });

    it('renews on the test clock: a new invoice each period, paid with the card', async () => {
      const { clock, subscription, start } = await subscribeOnClock(PAYS);
      const firstEnd = subscription.items.data[0]!.current_period_end;
      expect(firstEnd).toBe(addInterval(start, 'month', 1));
      await advanceClock(clock, addInterval(start, 'month', 2) + 3600);

      const renewed = await stripe.subscriptions.retrieve(subscription.id);
      expect(renewed.status).toBe('active');
      expect(renewed.items.data[0]!.current_period_start).toBe(addInterval(start, 'month', 2));
      const invoices = await stripe.invoices.list({ subscription: subscription.id });
      expect(invoices.data.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
        ['subscription_cycle', 'paid'],
        ['subscription_cycle', 'paid'],
        ['subscription_create', 'paid'],
      ]);
      expect(invoices.data[0]!.lines.data[0]!.period).toEqual({
        start: addInterval(start, 'month', 2),
        end: addInterval(start, 'month', 3),
      });
      await receiver.waitFor(
        (deliveries) =>
          deliveries.filter(
            (d) =>
              d.event.type === 'invoice.paid' &&
              d.event.data.object.billing_reason === 'subscription_cycle' &&
              JSON.stringify(d.event.data.object).includes(subscription.id),
          ).length === 2,
      );
      expect(
        receiver
          .ofType('invoice.upcoming')
          .some((d) => JSON.stringify(d.event.data.object).includes(subscription.id)),
      ).toBe(true);
    });

    it('with 4000 0000 0000 0341 pays now, is declined at renewal, retried, then canceled', async () => {
      const { clock, subscription, start, session } = await subscribeOnClock(DECLINED_LATER);
      expect(session.payment_status).toBe('paid');
      expect(subscription.status).toBe('active');

      const renewal = addInterval(start, 'month', 1);
      await advanceClock(clock, renewal + 3600);
      const pastDue = await stripe.subscriptions.retrieve(subscription.id, {
        expand: ['latest_invoice'],
      });
      expect(pastDue.status).toBe('past_due');
      const open = pastDue.latest_invoice as Stripe.Invoice;
      expect(open).toMatchObject({ status: 'open', attempt_count: 1, amount_remaining: 900 });
      expect(open.next_payment_attempt).toBe(renewal + 3 * DAY);
      await receiver.waitFor((deliveries) =>
        deliveries.some(
          (d) => d.event.type === 'invoice.payment_failed' && d.event.data.object.id === open.id,
        ),
      );

      await advanceClock(clock, renewal + 16 * DAY);
      const ended = await stripe.subscriptions.retrieve(subscription.id);
      expect(ended).toMatchObject({
        status: 'canceled',
        cancellation_details: { reason: 'payment_failed' },
      });
      expect((await stripe.invoices.retrieve(open.id)).attempt_count).toBe(4);
      await receiver.waitFor((deliveries) =>
        deliveries.some(
          (d) =>
            d.event.type === 'customer.subscription.deleted' &&
            d.event.data.object.id === subscription.id,
        ),
      );
      const listedActive = await stripe.subscriptions.list({ customer: String(ended.customer) });
      expect(listedActive.data).toEqual([]);
      const listedAll = await stripe.subscriptions.list({
        customer: String(ended.customer),
        status: 'all',
      });
      expect(listedAll.data.map((each) => each.id)).toEqual([subscription.id]);
    });

    it('a trial sends trial_will_end, then the first period is billed at its end', async () => {
      const { clock, subscription, start } = await subscribeOnClock(PAYS, { trialDays: 14 });
      expect(subscription).toMatchObject({ status: 'trialing', trial_end: start + 14 * DAY });
      const first = await stripe.invoices.list({ subscription: subscription.id });
      expect(first.data.map((invoice) => [invoice.amount_due, invoice.status])).toEqual([
        [0, 'paid'],
      ]);

      await advanceClock(clock, start + 12 * DAY);
      await receiver.waitFor((deliveries) =>
        deliveries.some(
          (d) =>
            d.event.type === 'customer.subscription.trial_will_end' &&
            d.event.data.object.id === subscription.id,
        ),
      );
      await advanceClock(clock, start + 15 * DAY);
      const active = await stripe.subscriptions.retrieve(subscription.id);
      expect(active.status).toBe('active');
      expect(active.items.data[0]!.current_period_start).toBe(start + 14 * DAY);
      const invoices = await stripe.invoices.list({ subscription: subscription.id });
      expect(invoices.data[0]).toMatchObject({ amount_paid: 900, status: 'paid' });
    });

    it('cancels at the period’s end, can be resumed before, and ends when the period does', async () => {
      const { clock, subscription, start } = await subscribeOnClock(PAYS);
      const canceling = await stripe.subscriptions.update(subscription.id, {
        cancel_at_period_end: true,
      });
      expect(canceling).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        cancel_at: addInterval(start, 'month', 1),
      });
      const resumed = await stripe.subscriptions.update(subscription.id, {
        cancel_at_period_end: false,
      });
      expect(resumed.cancel_at).toBeNull();
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      const event = await receiver.waitFor((deliveries) =>
        deliveries.some(
          (d) =>
            d.event.type === 'customer.subscription.updated' &&
            d.event.data.object.id === subscription.id &&
            d.event.data.previous_attributes?.cancel_at_period_end === false,
        ),
      );
      expect(event.length).toBeGreaterThan(0);

      await advanceClock(clock, addInterval(start, 'month', 1) + 60);
      const ended = await stripe.subscriptions.retrieve(subscription.id);
      expect(ended).toMatchObject({
        status: 'canceled',
        ended_at: addInterval(start, 'month', 1),
        cancellation_details: { reason: 'cancellation_requested' },
      });
      const invoices = await stripe.invoices.list({ subscription: subscription.id });
      expect(invoices.data).toHaveLength(1);
    });

    it('changes price with prorations on the next invoice, or billed at once', async () => {
      const { clock, subscription, start } = await subscribeOnClock(PAYS);
      const cheaper = await stripe.prices.create({
        product: String(monthly.product),
        currency: 'eur',
        unit_amount: 600,
        recurring: { interval: 'month' },
      });
      const halfway = start + 15 * DAY;
      await advanceClock(clock, halfway);
      const periodEnd = addInterval(start, 'month', 1);
      const left = (periodEnd - halfway) / (periodEnd - start);

      const moved = await stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0]!.id, price: cheaper.id }],
        proration_behavior: 'create_prorations',
      });
      expect(moved.items.data[0]!.price.id).toBe(cheaper.id);
      const preview = await stripe.invoices.createPreview({ subscription: subscription.id });
      const prorations = preview.lines.data.filter(
        (line) => line.parent?.subscription_item_details?.proration,
      );
      expect(prorations.map((line) => line.amount)).toEqual([
        -Math.round(900 * left),
        Math.round(600 * left),
      ]);
      expect(preview.total).toBe(600 - Math.round(900 * left) + Math.round(600 * left));

      const upgraded = await stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0]!.id, price: yearly.id }],
        proration_behavior: 'always_invoice',
      });
      expect(upgraded.items.data[0]!.current_period_start).toBe(halfway);
      expect(upgraded.items.data[0]!.current_period_end).toBe(addInterval(halfway, 'year', 1));
      const latest = await stripe.invoices.retrieve(String(upgraded.latest_invoice));
      expect(latest).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
      expect(latest.total).toBeGreaterThan(0);
      expect(latest.total).toBeLessThan(9000);
    });

    it('refunds a charge in part and then in full, by charge or payment intent', async () => {
      const { subscription } = await subscribeOnClock(PAYS);
      const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice), {
        expand: ['payments'],
      });
      const intent = invoice.payments!.data[0]!.payment.payment_intent as string;
      const paymentIntent = await stripe.paymentIntents.retrieve(intent);
      const charge = String(paymentIntent.latest_charge);

      const partial = await stripe.refunds.create({
        charge,
        amount: 300,
        reason: 'requested_by_customer',
      });
      expect(partial).toMatchObject({ object: 'refund', amount: 300, status: 'succeeded', charge });
      const rest = await stripe.refunds.create({ payment_intent: intent });
      expect(rest.amount).toBe(600);
      expect(await stripe.charges.retrieve(charge)).toMatchObject({
        amount_refunded: 900,
        refunded: true,
      });

      const again = await stripe.refunds
        .create({ charge })
        .catch((error: Stripe.errors.StripeError) => error);
      expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
      await receiver.waitFor(
        (deliveries) =>
          deliveries.filter(
            (d) => d.event.type === 'charge.refunded' && d.event.data.object.id === charge,
          ).length === 2,
      );
      const refunds = await stripe.refunds.list({ charge });
      expect(refunds.data.map((refund) => refund.amount)).toEqual([600, 300]);
    });

    it('expires checkout sessions on request and on their own when their time is up', async () => {
      const onRequest = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: monthly.id }],
        success_url: SUCCESS,
      });
      const expired = await stripe.checkout.sessions.expire(onRequest.id);
      expect(expired).toMatchObject({ status: 'expired', url: null });
      const page = await fetch(onRequest.url!);
      expect(page.status).toBe(410);

      const now = Math.floor(Date.now() / 1000);
      const timed = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: monthly.id }],
        success_url: SUCCESS,
        expires_at: now + 31 * 60,
      });
      await sandbox.advance(45 * 60);
      expect((await stripe.checkout.sessions.retrieve(timed.id)).status).toBe('expired');

      // Callers compute expires_at from their real clock; an advanced sandbox clock must not
      // make a new session look expired.
      const afterAdvance = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: 'after-advance@questa.test',
        line_items: [{ price: monthly.id }],
        success_url: SUCCESS,
        expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
      });
      expect((await payCheckout(afterAdvance.url!, { cardNumber: PAYS })).status).toBe(303);
      await receiver.waitFor((deliveries) =>
        [onRequest.id, timed.id].every((id) =>
          deliveries.some(
            (d) => d.event.type === 'checkout.session.expired' && d.event.data.object.id === id,
          ),
        ),
      );
    });

    it('takes a promotion code typed on the checkout page, or given when the session is made', async () => {
      const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'once' });
      await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: 'HALF',
      });
      const typed = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: 'promo@questa.test',
        line_items: [{ price: monthly.id }],
        allow_promotion_codes: true,
        success_url: SUCCESS,
      });
      const preview = await fetch(`${typed.url}?promotion_code=half`);
      expect(await preview.text()).toContain('€4.50');
      const bad = await payCheckout(typed.url!, { cardNumber: PAYS, promotionCode: 'NOPE' });
      expect(bad.body).toContain('This code is invalid.');
      await payCheckout(typed.url!, { cardNumber: PAYS, promotionCode: 'HALF' });
      const done = await stripe.checkout.sessions.retrieve(typed.id, { expand: ['invoice'] });
      expect(done).toMatchObject({ status: 'complete', amount_total: 450 });
      expect((done.invoice as Stripe.Invoice).total_discount_amounts?.[0]?.amount).toBe(450);

      const code = await stripe.promotionCodes.create({
        promotion: {
          type: 'coupon',
          coupon: (
            await stripe.coupons.create({ amount_off: 200, currency: 'eur', duration: 'forever' })
          ).id,
        },
      });
      const given = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: 'given@questa.test',
        line_items: [{ price: monthly.id }],
        discounts: [{ promotion_code: code.id }],
        success_url: SUCCESS,
      });
      expect(given.amount_total).toBe(700);
      await payCheckout(given.url!, { cardNumber: PAYS });
      const subscription = await stripe.subscriptions.retrieve(
        String((await stripe.checkout.sessions.retrieve(given.id)).subscription),
      );
      expect(subscription.discounts).toHaveLength(1);
      expect((await stripe.promotionCodes.retrieve(code.id)).times_redeemed).toBe(1);
    });

    it('ends a trial now, cancels at once with a prorated credit, and deletes customers', async () => {
      const trial = await subscribeOnClock(PAYS, { trialDays: 30 });
      const billed = await stripe.subscriptions.update(trial.subscription.id, { trial_end: 'now' });
      expect(billed.status).toBe('active');
      expect(billed.items.data[0]!.current_period_start).toBe(trial.start);
      expect(await stripe.invoices.retrieve(String(billed.latest_invoice))).toMatchObject({
        amount_paid: 900,
        billing_reason: 'subscription_cycle',
      });

      await advanceClock(trial.clock, trial.start + 10 * DAY);
      const canceled = await stripe.subscriptions.cancel(trial.subscription.id, { prorate: true });
      expect(canceled).toMatchObject({ status: 'canceled', ended_at: trial.start + 10 * DAY });
      const credited = (await stripe.customers.retrieve(trial.customer.id)) as Stripe.Customer;
      expect(credited.balance).toBeLessThan(0);
      const again = await stripe.subscriptions
        .cancel(trial.subscription.id)
        .catch((error: Stripe.errors.StripeError) => error);
      expect(again).toMatchObject({ statusCode: 404 });

      const methods = await stripe.paymentMethods.list({
        customer: trial.customer.id,
        type: 'card',
      });
      expect(methods.data[0]).toMatchObject({
        type: 'card',
        card: { brand: 'visa', last4: '4242' },
      });
      const payments = await stripe.invoicePayments.list({
        invoice: String(billed.latest_invoice),
      });
      expect(payments.data[0]).toMatchObject({ status: 'paid', amount_paid: 900 });

      const gone = await stripe.customers.del(trial.customer.id);
      expect(gone).toMatchObject({ id: trial.customer.id, deleted: true });
      expect(await stripe.customers.retrieve(trial.customer.id)).toMatchObject({ deleted: true });
    });

    it('answers invoices.pay with a card error when the card is declined', async () => {
      const { clock, subscription, start } = await subscribeOnClock(DECLINED_LATER);
      await advanceClock(clock, addInterval(start, 'month', 1) + 3600);
      const open = (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string;
      const declined = await stripe.invoices
        .pay(open)
        .catch((error: Stripe.errors.StripeError) => error);
      expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(declined).toMatchObject({
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'generic_decline',
      });
      expect(await stripe.invoices.retrieve(open)).toMatchObject({
        status: 'open',
        attempt_count: 2,
      });
    });

    it('opens the customer portal, cancels there, and a new card pays an invoice left open', async () => {
      const { clock, customer, subscription, start } = await subscribeOnClock(DECLINED_LATER);
      await advanceClock(clock, addInterval(start, 'month', 1) + 3600);
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');

      const portal = await stripe.billingPortal.sessions.create({
        customer: customer.id,
        return_url: 'https://questa.test/billing',
      });
      expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id });
      expect(portal.url).toBe(`${sandbox.origin}/sandbox-pay/portal/${portal.id}`);
      const page = await (await fetch(portal.url)).text();
      expect(page).toContain('Payment failed');
      expect(page).toContain('Update your card');

      const card = await fetch(`${portal.url}/card`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          name: 'Ada',
          cardNumber: PAYS,
          expiry: '12/40',
          cvc: '123',
        }).toString(),
      });
      expect(card.status).toBe(303);
      const recovered = await stripe.subscriptions.retrieve(subscription.id, {
        expand: ['latest_invoice'],
      });
      expect(recovered.status).toBe('active');
      expect((recovered.latest_invoice as Stripe.Invoice).status).toBe('paid');

      const cancel = await fetch(`${portal.url}/subscriptions/${subscription.id}/cancel`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'confirm=yes',
      });
      expect(cancel.status).toBe(303);
      expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(
        true,
      );
    });
  },
);
