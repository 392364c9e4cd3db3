import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, Checkout } from '@questa/contracts';
import type { Learner } from '../learning/learning-test-kit';
import { startBillingApi, type BillingApi } from './testing/billing-test-kit';

/*
 * Coming back from the partner's checkout: the page sends the session id from the success
 * address, and premium is on before any webhook has arrived. The webhooks that follow, or that
 * came first, change nothing more: the order cannot matter.
 */
describe('billing: the return from the partner’s checkout applies the paid session', () => {
  let kit: BillingApi;

  beforeAll(async () => {
    kit = await startBillingApi();
  });
  afterAll(async () => {
    await kit?.close();
  });

  /** Starts a checkout as `learner` and pays it at the partner; the webhooks are not delivered. */
  async function payWithoutWebhooks(learner: Learner) {
    const started = await learner.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId: kit.priceOf('eur', 'month') },
    });
    const sessionId = kit.sessionOf(started.json<Checkout>().id);
    const events = kit.partner.completeCheckout(sessionId);
    return { sessionId, events };
  }
  const returnFrom = (learner: Learner, sessionId: string) =>
    learner.call({ method: 'POST', url: '/api/billing/checkout/return', payload: { sessionId } });
  const history = (learner: Learner) =>
    kit.db
      .selectFrom('billing_subscription_changes as c')
      .innerJoin('billing_subscriptions as s', 's.id', 'c.subscription_id')
      .select(['c.source', 'c.status'])
      .where('s.user_id', '=', learner.userId)
      .orderBy('c.id')
      .execute();

  it('gives premium on return, before the webhooks, which then change nothing', async () => {
    const learner = await kit.learner('returns-first');
    const { sessionId, events } = await payWithoutWebhooks(learner);
    // The session cached before paying says no premium; the return must drop it.
    expect((await learner.call({ url: '/api/session' })).json()).toMatchObject({
      entitlements: { premium: false },
    });

    const returned = await returnFrom(learner, sessionId);
    expect(returned.statusCode).toBe(200);
    const overview = returned.json<BillingOverview>();
    expect(overview.billing).toMatchObject({ status: 'trialing', plan: { id: kit.premium.id } });
    expect(overview.pendingCheckout).toBeNull();
    expect((await learner.call({ url: '/api/session' })).json()).toMatchObject({
      entitlements: { premium: true },
      billing: { status: 'trialing' },
    });

    for (const event of events) expect((await kit.deliver(event)).statusCode).toBe(200);
    // A reload of the return page asks again: still one change, made by the return.
    expect((await returnFrom(learner, sessionId)).statusCode).toBe(200);
    expect(await history(learner)).toEqual([{ source: 'checkout_return', status: 'trialing' }]);
    const checkouts = await kit.db
      .selectFrom('billing_checkouts')
      .select('status')
      .where('user_id', '=', learner.userId)
      .execute();
    expect(checkouts).toEqual([{ status: 'complete' }]);
  });

  it('finds nothing to do when the webhooks came first', async () => {
    const learner = await kit.learner('webhooks-first');
    const { sessionId, events } = await payWithoutWebhooks(learner);
    for (const event of events.reverse()) expect((await kit.deliver(event)).statusCode).toBe(200);
    const returned = await returnFrom(learner, sessionId);
    expect(returned.json<BillingOverview>().billing.status).toBe('trialing');
    expect(await history(learner)).toEqual([{ source: 'webhook', status: 'trialing' }]);
  });

  it('never lets a return read undo a newer state the webhooks applied', async () => {
    const learner = await kit.learner('returns-late');
    const { sessionId, events } = await payWithoutWebhooks(learner);
    for (const event of events) await kit.deliver(event);
    const subscriptionId = kit.partner.get(sessionId).subscription as string;
    for (const event of kit.partner.cancelForNonPayment(subscriptionId)) {
      await kit.deliver(event);
    }
    // The return comes long after: it reads the partner's present state, which is canceled.
    const returned = await returnFrom(learner, sessionId);
    expect(returned.json<BillingOverview>().billing.status).toBe('canceled');
    expect((await history(learner)).map((change) => change.status)).toEqual([
      'trialing',
      'canceled',
    ]);
  });

  it('answers another learner’s session like a missing one, and refuses what is not a session id', async () => {
    const owner = await kit.learner('pays');
    const other = await kit.learner('peeks');
    const { sessionId } = await payWithoutWebhooks(owner);
    const peeked = await returnFrom(other, sessionId);
    expect(peeked.statusCode).toBe(404);
    expect(peeked.json()).toMatchObject({ code: 'not_found' });
    expect((await returnFrom(other, 'cs_nobody_knows_this')).statusCode).toBe(404);
    const malformed = await returnFrom(other, '{CHECKOUT_SESSION_ID}');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field: 'body.sessionId' }],
    });
    // Nothing the peek did gave the owner premium or the other learner anything.
    expect((await history(owner)).length).toBe(0);
    expect((await history(other)).length).toBe(0);
  });
});
