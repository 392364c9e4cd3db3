import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_VERSION } from './model/objects';
import { startSandbox, WAIT_MS, type RunningSandbox } from './testing/sandbox-fixture';
import { stripeFor } from './testing/stripe-client';

const stripeError = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
};

describe(
  'the sandbox speaks Stripe’s wire protocol to the official SDK',
  { timeout: 120_000 },
  () => {
    let sandbox: RunningSandbox;
    let stripe: Stripe;

    beforeAll(async () => {
      sandbox = await startSandbox();
      stripe = stripeFor(sandbox);
    });
    afterAll(() => sandbox?.close());

    it('pins the API version the installed SDK speaks', () => {
      expect(stripe.getApiField('version')).toBe(SANDBOX_API_VERSION);
    });

    it('creates, retrieves, updates and lists customers, with metadata', async () => {
      const created = await stripe.customers.create({
        email: 'ada@questa.test',
        name: 'Ada',
        metadata: { questaUserId: 'u-1', plan: 'free' },
      });
      expect(created).toMatchObject({
        object: 'customer',
        email: 'ada@questa.test',
        livemode: false,
        metadata: { questaUserId: 'u-1', plan: 'free' },
      });
      expect(created.id).toMatch(/^cus_\w{14}$/);
      expect(created.lastResponse.requestId).toMatch(/^req_/);

      const updated = await stripe.customers.update(created.id, {
        name: 'Ada Lovelace',
        metadata: { plan: '', tier: 'gold' },
      });
      expect(updated.name).toBe('Ada Lovelace');
      expect(updated.metadata).toEqual({ questaUserId: 'u-1', tier: 'gold' });

      const retrieved = await stripe.customers.retrieve(created.id);
      expect(retrieved).toEqual(expect.objectContaining({ id: created.id, name: 'Ada Lovelace' }));

      const listed = await stripe.customers.list({ email: 'ada@questa.test', limit: 1 });
      expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers' });
      expect(listed.data.map((customer) => customer.id)).toEqual([created.id]);
    });

    it('pages lists newest first with has_more, starting_after and ending_before', async () => {
      const product = await stripe.products.create({ name: 'Paging' });
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const price = await stripe.prices.create({
          product: product.id,
          currency: 'eur',
          unit_amount: 100 + i,
          recurring: { interval: 'month' },
        });
        ids.push(price.id);
      }
      const newestFirst = [...ids].reverse();
      const first = await stripe.prices.list({ product: product.id, limit: 2 });
      expect(first.data.map((price) => price.id)).toEqual(newestFirst.slice(0, 2));
      expect(first.has_more).toBe(true);
      const second = await stripe.prices.list({
        product: product.id,
        limit: 2,
        starting_after: first.data[1]!.id,
      });
      expect(second.data.map((price) => price.id)).toEqual(newestFirst.slice(2, 4));
      const back = await stripe.prices.list({
        product: product.id,
        limit: 2,
        ending_before: second.data[0]!.id,
      });
      expect(back.data.map((price) => price.id)).toEqual(newestFirst.slice(0, 2));

      const all: string[] = [];
      for await (const price of stripe.prices.list({ product: product.id, limit: 2 })) {
        all.push(price.id);
      }
      expect(all).toEqual(newestFirst);
    });

    it('keeps prices immutable: only active, nickname, metadata and lookup key change', async () => {
      const price = await stripe.prices.create({
        currency: 'eur',
        unit_amount: 900,
        recurring: { interval: 'month' },
        product_data: { name: 'Premium' },
        lookup_key: 'premium_monthly',
      });
      expect(price).toMatchObject({
        object: 'price',
        type: 'recurring',
        unit_amount: 900,
        recurring: { interval: 'month', interval_count: 1 },
        lookup_key: 'premium_monthly',
      });
      expect(price.id).toMatch(/^price_/);
      expect(String(price.unit_amount_decimal)).toBe('900');

      const refused = await stripeError(
        stripe.prices.update(price.id, { unit_amount: 1000 } as Stripe.PriceUpdateParams),
      );
      expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(refused).toMatchObject({
        statusCode: 400,
        code: 'parameter_unknown',
        param: 'unit_amount',
        message: 'Received unknown parameter: unit_amount',
      });

      const archived = await stripe.prices.update(price.id, { active: false });
      expect(archived.active).toBe(false);
      const replacement = await stripe.prices.create({
        currency: 'eur',
        unit_amount: 1000,
        recurring: { interval: 'month' },
        product: String(price.product),
        lookup_key: 'premium_monthly',
        transfer_lookup_key: true,
      });
      const byKey = await stripe.prices.list({ lookup_keys: ['premium_monthly'], active: true });
      expect(byKey.data.map((each) => each.id)).toEqual([replacement.id]);
      expect((await stripe.prices.retrieve(price.id)).lookup_key).toBeNull();
    });

    it('creates, retrieves, lists and archives products, and expands a price’s product', async () => {
      const product = await stripe.products.create({
        name: 'Premium yearly',
        metadata: { plan: 'premium' },
        default_price_data: { currency: 'eur', unit_amount: 9000, recurring: { interval: 'year' } },
      });
      expect(product.default_price).toMatch(/^price_/);
      const price = await stripe.prices.retrieve(String(product.default_price), {
        expand: ['product'],
      });
      expect(price.product).toMatchObject({
        id: product.id,
        object: 'product',
        name: 'Premium yearly',
      });
      const archived = await stripe.products.update(product.id, { active: false });
      expect(archived.active).toBe(false);
      const active = await stripe.products.list({ active: true, limit: 100 });
      expect(active.data.map((each) => each.id)).not.toContain(product.id);
    });

    it('answers errors in Stripe’s envelope with Stripe’s status codes', async () => {
      const missing = await stripeError(stripe.customers.retrieve('cus_doesnotexist00'));
      expect(missing).toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 404,
        code: 'resource_missing',
        param: 'id',
        message: "No such customer: 'cus_doesnotexist00'",
      });

      const parameterMissing = await stripeError(
        stripe.prices.create({
          currency: 'eur',
          product_data: { name: 'x' },
        } as Stripe.PriceCreateParams),
      );
      expect(parameterMissing).toMatchObject({
        statusCode: 400,
        code: 'parameter_missing',
        param: 'unit_amount',
      });

      const badInteger = await fetch(`${sandbox.origin}/v1/prices`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sandbox.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'currency=eur&unit_amount=nine&product_data[name]=x',
      });
      expect(badInteger.status).toBe(400);
      expect(await badInteger.json()).toEqual({
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'unit_amount',
          message: 'Invalid integer: nine',
        },
      });

      const wrongKey = new Stripe('sk_test_wrong_key_for_this_sandbox', {
        host: sandbox.host,
        port: sandbox.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      const unauthorized = await stripeError(wrongKey.customers.list());
      expect(unauthorized).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(unauthorized.statusCode).toBe(401);

      const unknownPath = await fetch(`${sandbox.origin}/v1/accounts`, {
        headers: { authorization: `Bearer ${sandbox.secretKey}` },
      });
      expect(unknownPath.status).toBe(404);
      expect(((await unknownPath.json()) as { error: { type: string } }).error.type).toBe(
        'invalid_request_error',
      );
    });

    it('replays the first response for the same key and parameters, and refuses other parameters', async () => {
      const first = await stripe.customers.create(
        { email: 'idem@questa.test' },
        { idempotencyKey: 'questa-user-42-customer' },
      );
      const again = await stripe.customers.create(
        { email: 'idem@questa.test' },
        { idempotencyKey: 'questa-user-42-customer' },
      );
      expect(again.id).toBe(first.id);
      expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
      const customers = await stripe.customers.list({ email: 'idem@questa.test' });
      expect(customers.data).toHaveLength(1);

      const conflict = await stripeError(
        stripe.customers.create(
          { email: 'other@questa.test' },
          { idempotencyKey: 'questa-user-42-customer' },
        ),
      );
      expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(conflict.statusCode).toBe(400);
      expect(conflict.message).toContain('same parameters');
    });

    it('does not keep a key whose request was refused for its parameters', async () => {
      const refused = await stripeError(
        stripe.coupons.create({ duration: 'once' }, { idempotencyKey: 'coupon-key' }),
      );
      expect(refused.statusCode).toBe(400);
      const coupon = await stripe.coupons.create(
        { duration: 'once', percent_off: 25 },
        { idempotencyKey: 'coupon-key' },
      );
      expect(coupon).toMatchObject({ object: 'coupon', percent_off: 25, valid: true });
    });

    it('makes coupons and promotion codes, percent and amount off', async () => {
      const percent = await stripe.coupons.create({
        percent_off: 20,
        duration: 'forever',
        name: 'Friends',
      });
      const amount = await stripe.coupons.create({
        amount_off: 500,
        currency: 'eur',
        duration: 'repeating',
        duration_in_months: 3,
      });
      expect(amount).toMatchObject({ amount_off: 500, currency: 'eur', duration_in_months: 3 });
      const code = await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: percent.id },
        code: 'FRIENDS20',
        max_redemptions: 10,
      });
      expect(code).toMatchObject({
        object: 'promotion_code',
        code: 'FRIENDS20',
        active: true,
        promotion: { type: 'coupon', coupon: percent.id },
      });
      const duplicate = await stripeError(
        stripe.promotionCodes.create({
          promotion: { type: 'coupon', coupon: amount.id },
          code: 'friends20',
        }),
      );
      expect(duplicate.statusCode).toBe(400);
      const listed = await stripe.promotionCodes.list({ code: 'FRIENDS20' });
      expect(listed.data.map((each) => each.id)).toEqual([code.id]);
      const withdrawn = await stripe.promotionCodes.update(code.id, { active: false });
      expect(withdrawn.active).toBe(false);
      const deleted = await stripe.coupons.del(amount.id);
      expect(deleted).toMatchObject({ id: amount.id, deleted: true });
    });

    it('creates test clocks and advances them in the background until ready', async () => {
      const start = Math.floor(Date.UTC(2030, 0, 15) / 1000);
      const clock = await stripe.testHelpers.testClocks.create({
        frozen_time: start,
        name: 'January',
      });
      expect(clock).toMatchObject({
        object: 'test_helpers.test_clock',
        status: 'ready',
        frozen_time: start,
      });
      const advancing = await stripe.testHelpers.testClocks.advance(clock.id, {
        frozen_time: start + 86_400,
      });
      expect(['advancing', 'ready']).toContain(advancing.status);
      await expect
        .poll(async () => (await stripe.testHelpers.testClocks.retrieve(clock.id)).status, {
          timeout: WAIT_MS,
        })
        .toBe('ready');
      expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(
        start + 86_400,
      );
      const backwards = await stripeError(
        stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start }),
      );
      expect(backwards.statusCode).toBe(400);
    });
  },
);
