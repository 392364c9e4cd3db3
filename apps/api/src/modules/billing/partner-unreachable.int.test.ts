import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingApi, type BillingApi } from './testing/billing-test-kit';

describe('billing: a payment partner that cannot be reached', () => {
  let kit: BillingApi;

  beforeAll(async () => {
    // Nothing listens on port 9: every call to the partner is refused at once.
    kit = await startBillingApi({ partnerUrl: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await kit?.close();
  });

  const count = async (table: 'billing_customers' | 'billing_checkouts' | 'payment_events') =>
    (
      await kit.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('answers a checkout with 503 unavailable and a sentence, and writes nothing', async () => {
    const learner = await kit.learner('waiting');
    const response = await learner.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId: kit.priceOf('eur', 'month') },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toMatchObject({
      code: 'unavailable',
      detail: expect.stringContaining('nothing was charged or changed'),
    });
    expect(Number(await count('billing_customers'))).toBe(0);
    expect(Number(await count('billing_checkouts'))).toBe(0);
    const audit = await kit.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'checkout.started')
      .execute();
    expect(audit).toEqual([]);
    const overview = await learner.call({ url: '/api/billing/subscription' });
    expect(overview.json()).toMatchObject({ billing: { status: 'none' }, pendingCheckout: null });
  });

  it('answers an admin’s new promotion code with 503, and keeps no half of it', async () => {
    const response = await kit.admin.call({
      method: 'POST',
      url: '/api/admin/billing/promotion-codes',
      payload: { code: 'OFFLINE10', discount: { type: 'percent', percentOff: 10 } },
    });
    expect(response.statusCode).toBe(503);
    const codes = await kit.db.selectFrom('billing_promotion_codes').select('id').execute();
    expect(codes).toEqual([]);
  });

  it('keeps a webhook it cannot check against the partner yet, and tries it again later', async () => {
    const [event] = kit.partner.strangerSubscription();
    const response = await kit.deliver(event!, { keepPending: true });
    // Answered: the partner would otherwise send it again and again while its own API is down.
    expect(response.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          await kit.db
            .selectFrom('payment_events')
            .select(['outcome', 'attempts', 'last_error'])
            .where('id', '=', event!.id)
            .executeTakeFirst(),
        { timeout: 15_000 },
      )
      .toMatchObject({ outcome: 'pending', attempts: 1, last_error: expect.any(String) });
    const stored = await kit.db.selectFrom('billing_subscriptions').select('id').execute();
    expect(stored).toEqual([]);
    // Admins see it waiting, and why.
    const backlog = await kit.admin.call({ url: '/api/admin/billing/webhook-events' });
    expect(backlog.json()).toMatchObject({
      waiting: 1,
      oldestCreatedAt: expect.any(String),
      lastError: expect.any(String),
    });
  });
});
