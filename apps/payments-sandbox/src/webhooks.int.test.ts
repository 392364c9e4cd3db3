import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_VERSION } from './model/objects';
import { payCheckout } from './testing/hosted-pages';
import { startSandbox, WAIT_MS, type RunningSandbox } from './testing/sandbox-fixture';
import { stripeFor, verifierFor } from './testing/stripe-client';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

interface DeliveryRow {
  event_id: string;
  state: string;
  attempts: number;
  last_status: number | null;
}

describe(
  'webhooks, signed as Stripe signs them and delivered at least once',
  { timeout: 120_000 },
  () => {
    let sandbox: RunningSandbox;
    let stripe: Stripe;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      let secret = '';
      receiver = await startWebhookReceiver(
        verifierFor(new Stripe('sk_test_unused'), () => secret),
      );
      sandbox = await startSandbox({ webhookUrls: [receiver.url] });
      secret = sandbox.webhookSecret;
      stripe = stripeFor(sandbox);
    });
    afterEach(async () => {
      await sandbox.control('/delivery', { duplicate: 'false', late: 'false', reorder: 'false' });
    });
    afterAll(async () => {
      await sandbox?.close();
      await receiver?.close();
    });

    const deliveriesOf = async (eventId: string) =>
      (await sandbox.control(`/deliveries?event=${eventId}`)).data as DeliveryRow[];

    const createdEventFor = (customerId: string) =>
      receiver.deliveries.filter(
        (d) => d.event.type === 'customer.created' && d.event.data.object.id === customerId,
      );

    it('signs each delivery so that stripe.webhooks.constructEvent verifies it', async () => {
      const customer = await stripe.customers.create(
        { email: 'signed@questa.test' },
        { idempotencyKey: 'signed-customer' },
      );
      const [delivery] = await receiver
        .waitFor(() => createdEventFor(customer.id).length === 1)
        .then(() => createdEventFor(customer.id));
      const header = String(delivery!.headers['stripe-signature']);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(
        Math.abs(Number(header.slice(2, header.indexOf(','))) - Date.now() / 1000),
      ).toBeLessThan(60);
      expect(delivery!.event).toMatchObject({
        object: 'event',
        type: 'customer.created',
        api_version: SANDBOX_API_VERSION,
        livemode: false,
        request: { idempotency_key: 'signed-customer' },
        data: { object: { id: customer.id, email: 'signed@questa.test' } },
      });
      expect(delivery!.event.id).toMatch(/^evt_/);

      expect(() =>
        stripe.webhooks.constructEvent(delivery!.raw, header, 'whsec_not_the_right_secret_at_all'),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);
      expect(() =>
        stripe.webhooks.constructEvent(
          delivery!.raw.replace('signed@questa.test', 'forged@questa.test'),
          header,
          sandbox.webhookSecret,
        ),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    });

    it('retries a refused delivery with backoff until it is taken', async () => {
      receiver.respondWith([500, 503]);
      const customer = await stripe.customers.create({ email: 'retry@questa.test' });
      await receiver.waitFor(() => createdEventFor(customer.id).length === 1);
      const eventId = createdEventFor(customer.id)[0]!.event.id;
      await expect
        .poll(async () => (await deliveriesOf(eventId))[0], { timeout: WAIT_MS })
        .toMatchObject({
          state: 'delivered',
          attempts: 3,
          last_status: 200,
        });
    });

    it('gives up after the last retry, and the event can still be read back', async () => {
      receiver.respondWith([500, 500, 500, 500]);
      const customer = await stripe.customers.create({ email: 'given-up@questa.test' });
      const listed = await stripe.events.list({ type: 'customer.created', limit: 5 });
      const event = listed.data.find(
        (each) => (each.data.object as { id: string }).id === customer.id,
      )!;
      await expect
        .poll(async () => (await deliveriesOf(event.id))[0]?.state, { timeout: WAIT_MS })
        .toBe('failed');
      expect((await deliveriesOf(event.id))[0]!.attempts).toBe(4);
      expect(createdEventFor(customer.id)).toEqual([]);
      const retrieved = await stripe.events.retrieve(event.id);
      expect(retrieved).toMatchObject({
        id: event.id,
        type: 'customer.created',
        pending_webhooks: 0,
      });
    });

    it('delivers every event twice when told to', async () => {
      await sandbox.control('/delivery', { duplicate: 'true' });
      const customer = await stripe.customers.create({ email: 'twice@questa.test' });
      await receiver.waitFor(() => createdEventFor(customer.id).length === 2);
      const [first, second] = createdEventFor(customer.id);
      expect(first!.event.id).toBe(second!.event.id);
    });

    it('delivers the events of one operation newest first when told to', async () => {
      await sandbox.control('/delivery', { reorder: 'true' });
      const price = await stripe.prices.create({
        currency: 'eur',
        unit_amount: 900,
        recurring: { interval: 'month' },
        product_data: { name: 'Premium' },
      });
      const customer = await stripe.customers.create({ email: 'reorder@questa.test' });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price.id }],
        success_url: 'https://questa.test/billing',
      });
      await payCheckout(session.url!, { cardNumber: '4242424242424242' });
      await receiver.waitFor((deliveries) =>
        deliveries.some(
          (d) =>
            d.event.type === 'customer.subscription.created' &&
            d.event.data.object.customer === customer.id,
        ),
      );
      const order = receiver.deliveries
        .filter((d) => JSON.stringify(d.event.data.object).includes(customer.id))
        .map((d) => d.event.type);
      expect(order.indexOf('checkout.session.completed')).toBeLessThan(
        order.indexOf('customer.subscription.created'),
      );
      expect(order.indexOf('customer.subscription.updated')).toBeLessThan(
        order.indexOf('customer.subscription.created'),
      );
    });

    it('holds deliveries back when told to deliver late', async () => {
      await sandbox.control('/delivery', { late: 'true', late_ms: '1500' });
      const sent = Date.now();
      const customer = await stripe.customers.create({ email: 'late@questa.test' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(createdEventFor(customer.id)).toEqual([]);
      await receiver.waitFor(() => createdEventFor(customer.id).length === 1);
      expect(createdEventFor(customer.id)[0]!.receivedAt - sent).toBeGreaterThanOrEqual(1400);
    });

    it('lists and retrieves events, newest first', async () => {
      const customer = await stripe.customers.create({ email: 'events@questa.test' });
      await stripe.customers.update(customer.id, { name: 'Events' });
      const events = await stripe.events.list({
        types: ['customer.created', 'customer.updated'],
        limit: 2,
      });
      expect(events.data.map((event) => event.type)).toEqual([
        'customer.updated',
        'customer.created',
      ]);
      expect(events.data[0]).toMatchObject({
        data: { object: { id: customer.id, name: 'Events' }, previous_attributes: { name: null } },
      });
    });
  },
);
