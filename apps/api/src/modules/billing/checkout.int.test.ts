import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BillingOverview,
  Checkout,
  InvoiceList,
  PlanList,
  RedirectUrl,
} from '@questa/contracts';
import { startBillingApi, type BillingApi } from './testing/billing-test-kit';

describe('billing: plans, checkout, subscription, invoices and the portal, as learners use them', () => {
  let kit: BillingApi;

  beforeAll(async () => {
    kit = await startBillingApi();
  });
  afterAll(async () => {
    await kit?.close();
  });

  const overview = async (learner: Awaited<ReturnType<BillingApi['learner']>>) =>
    (await learner.call({ url: '/api/billing/subscription' })).json<BillingOverview>();

  it('lists the first-start plans to anyone: the free tier, and premium by the month or year', async () => {
    const response = await kit.api.inject('/api/billing/plans');
    expect(response.statusCode).toBe(200);
    const { plans } = response.json<PlanList>();
    expect(plans.map((plan) => plan.kind)).toEqual(['free', 'paid']);
    expect(plans[0]!.prices).toEqual([]);
    expect(new Set(plans[1]!.prices.map((price) => price.interval))).toEqual(
      new Set(['month', 'year']),
    );
  });

  it('makes one checkout session of a double-clicked subscribe', async () => {
    const learner = await kit.learner('double-click');
    const priceId = kit.priceOf('eur', 'month');
    const before = kit.partner.calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    const clicks = await Promise.all(
      [1, 2, 3].map(() =>
        learner.call({ method: 'POST', url: '/api/billing/checkout', payload: { priceId } }),
      ),
    );
    expect(clicks.map((click) => click.statusCode)).toEqual([201, 201, 201]);
    const checkouts = clicks.map((click) => click.json<Checkout>());
    expect(new Set(checkouts.map((c) => c.id)).size).toBe(1);
    expect(new Set(checkouts.map((c) => c.url)).size).toBe(1);
    const sessions = [...kit.partner.objects.values()].filter(
      (o) =>
        o.object === 'checkout.session' &&
        (o.metadata as Record<string, string>).questa_user_id === learner.userId,
    );
    expect(sessions).toHaveLength(1);
    // Every create the partner received carried the key of the one checkout.
    const creates = kit.partner.calls
      .filter((c) => c.path === '/v1/checkout/sessions')
      .slice(before);
    expect(new Set(creates.map((c) => c.idempotencyKey))).toEqual(
      new Set([`questa-checkout-${checkouts[0]!.id}`]),
    );
    // A click later still rejoins it rather than opening another.
    const later = await learner.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId },
    });
    expect(later.json<Checkout>().id).toBe(checkouts[0]!.id);
  });

  it('shows an abandoned checkout as pending, then lets it expire and start afresh', async () => {
    const learner = await kit.learner('abandons');
    const priceId = kit.priceOf('eur', 'year');
    const first = (
      await learner.call({ method: 'POST', url: '/api/billing/checkout', payload: { priceId } })
    ).json<Checkout>();
    const pending = await overview(learner);
    expect(pending.billing.status).toBe('checkout_pending');
    expect(pending.pendingCheckout).toMatchObject({ id: first.id, status: 'open' });
    expect(pending.billing.features.exams).toBe(false);

    const [expired] = kit.partner.expireCheckout(kit.sessionOf(first.id));
    expect((await kit.deliver(expired!)).statusCode).toBe(200);
    const after = await overview(learner);
    expect(after.billing.status).toBe('none');
    expect(after.pendingCheckout).toBeNull();

    const second = (
      await learner.call({ method: 'POST', url: '/api/billing/checkout', payload: { priceId } })
    ).json<Checkout>();
    expect(second.id).not.toBe(first.id);
  });

  it('closes an open checkout when the learner chooses another price of the plan', async () => {
    const learner = await kit.learner('changes-mind');
    const monthly = (
      await learner.call({
        method: 'POST',
        url: '/api/billing/checkout',
        payload: { priceId: kit.priceOf('eur', 'month') },
      })
    ).json<Checkout>();
    const yearly = (
      await learner.call({
        method: 'POST',
        url: '/api/billing/checkout',
        payload: { priceId: kit.priceOf('eur', 'year') },
      })
    ).json<Checkout>();
    expect(yearly.id).not.toBe(monthly.id);
    expect(kit.partner.get(kit.sessionOf(monthly.id)).status).toBe('expired');
    expect((await overview(learner)).pendingCheckout?.id).toBe(yearly.id);
  });

  it('gives premium once the partner reports the paid checkout, with the plan’s trial', async () => {
    const learner = await kit.learner('subscriber');
    const refused = await learner.call({
      method: 'POST',
      url: '/api/exams',
      payload: { bankId: kit.publicBankId },
    });
    expect(refused.statusCode).toBe(402);

    await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    const { billing, subscription } = await overview(learner);
    expect(billing).toMatchObject({
      status: 'trialing',
      plan: { id: kit.premium.id, name: 'Premium' },
      interval: 'month',
      cancelAtPeriodEnd: false,
      pastDue: false,
    });
    expect(billing.renewsAt).toBe(subscription!.currentPeriodEnd);
    expect(billing.features).toMatchObject({
      exams: true,
      premiumBanks: true,
      hostLiveRooms: true,
    });

    const session = await learner.call({ url: '/api/session' });
    expect(session.json()).toMatchObject({
      entitlements: { premium: true },
      billing: { status: 'trialing' },
    });
    const allowed = await learner.call({
      method: 'POST',
      url: '/api/exams',
      payload: { bankId: kit.publicBankId },
    });
    expect(allowed.statusCode).toBe(201);

    const again = await learner.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId: kit.priceOf('eur', 'year') },
    });
    expect(again.statusCode).toBe(400);
  });

  it('lets a subscriber host live rooms as large as their plan allows', async () => {
    const host = await kit.learner('host');
    const refused = await host.call({
      method: 'POST',
      url: '/api/rooms',
      payload: { bankId: kit.publicBankId },
    });
    expect(refused.statusCode).toBe(403);
    await kit.subscribe(host, kit.priceOf('eur', 'month'));
    const opened = await host.call({
      method: 'POST',
      url: '/api/rooms',
      payload: { bankId: kit.publicBankId, questions: { mode: 'draw', count: 3 } },
    });
    expect(opened.statusCode).toBe(201);
    const room = await kit.db
      .selectFrom('live_rooms')
      .select('settings')
      .where('id', '=', opened.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    expect(room.settings.maxPlayers).toBe(kit.premium.features.livePlayerLimit);
  });

  it('never opens another learner’s invoices or portal: they answer like missing ones', async () => {
    const owner = await kit.learner('owner');
    const other = await kit.learner('other');
    await kit.subscribe(owner, kit.priceOf('usd', 'month'));
    const { invoices } = (await owner.call({ url: '/api/billing/invoices' })).json<InvoiceList>();
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0]!;
    expect(invoice).toMatchObject({ status: 'paid', currency: 'usd' });
    expect((await owner.call({ url: `/api/billing/invoices/${invoice.id}` })).statusCode).toBe(200);

    const subscriptionId = (await overview(owner)).subscription!.id;
    const portal = await owner.call({
      method: 'POST',
      url: `/api/billing/subscriptions/${subscriptionId}/portal`,
    });
    expect(portal.statusCode).toBe(200);
    expect(portal.json<RedirectUrl>().url).toContain('/portal/');

    expect((await other.call({ url: `/api/billing/invoices/${invoice.id}` })).statusCode).toBe(404);
    expect(
      (await other.call({ url: '/api/billing/invoices' })).json<InvoiceList>().invoices,
    ).toEqual([]);
    const theirPortal = await other.call({
      method: 'POST',
      url: `/api/billing/subscriptions/${subscriptionId}/portal`,
    });
    expect(theirPortal.statusCode).toBe(404);
    expect(theirPortal.json()).toMatchObject({ code: 'not_found' });
    const portals = [...kit.partner.objects.values()].filter(
      (o) => o.object === 'billing_portal.session',
    );
    expect(portals.map((p) => p.customer)).toEqual([
      kit.partner.get(subscriptionOfPartner(kit, owner.userId)).customer,
    ]);
  });

  it('applies an admin’s promotion code typed on Questa’s page, and refuses a wrong one', async () => {
    const created = await kit.admin.call({
      method: 'POST',
      url: '/api/admin/billing/promotion-codes',
      payload: { code: 'SPRING25', discount: { type: 'percent', percentOff: 25 } },
    });
    expect(created.statusCode).toBe(201);
    const learner = await kit.learner('bargain');
    const wrong = await learner.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId: kit.priceOf('eur', 'month'), promotionCode: 'WINTER99' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ field: 'promotionCode' }] });
    const right = await learner.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId: kit.priceOf('eur', 'month'), promotionCode: 'spring25' },
    });
    expect(right.statusCode).toBe(201);
    const session = kit.partner.get(kit.sessionOf(right.json<Checkout>().id));
    const promotion = [...kit.partner.objects.values()].find(
      (o) => o.object === 'promotion_code' && o.code === 'SPRING25',
    )!;
    expect(session.discounts).toEqual([{ promotion_code: promotion.id }]);
  });
});

/** The partner id of a learner's subscription, through the partner's own records. */
function subscriptionOfPartner(kit: BillingApi, userId: string) {
  return [...kit.partner.objects.values()].find(
    (o) =>
      o.object === 'subscription' &&
      (o.metadata as Record<string, string>).questa_user_id === userId,
  )!.id;
}
