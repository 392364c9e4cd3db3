import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminUser,
  AuditEvent,
  BillingOverview,
  InvoiceList,
  LearnerBilling,
  Plan,
  ReconcileReport,
  Refund,
  RevenueReport,
  SubscriberDetail,
  SubscriberList,
} from '@questa/contracts';
import { startBillingApi, type BillingApi } from './testing/billing-test-kit';

describe('billing, as admins run it', () => {
  let kit: BillingApi;

  beforeAll(async () => {
    kit = await startBillingApi();
  });
  afterAll(async () => {
    await kit?.close();
  });

  const auditActions = async () =>
    (await kit.admin.call({ url: '/api/admin/audit?limit=100' }))
      .json<{ events: AuditEvent[] }>()
      .events.map((event) => event.action);

  it('keeps every billing route to its permission: a learner may not open the admin’s', async () => {
    const learner = await kit.learner('curious');
    for (const url of [
      '/api/admin/billing/plans',
      '/api/admin/billing/subscribers',
      '/api/admin/billing/revenue',
      '/api/admin/billing/reconcile',
    ]) {
      expect((await learner.call({ url })).statusCode).toBe(403);
    }
    const refund = await learner.call({
      method: 'POST',
      url: `/api/admin/billing/invoices/${kit.premium.id}/refunds`,
      payload: {},
    });
    expect(refund.statusCode).toBe(403);
    const document = (await kit.api.inject('/api/openapi.json')).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/billing/plans',
        '/billing/checkout',
        '/billing/webhook',
        '/admin/billing/invoices/{invoiceId}/refunds',
        '/admin/billing/revenue',
      ]),
    );
  });

  it('creates a plan, and replaces a changed price instead of changing it, at the partner too', async () => {
    const created = await kit.admin.call({
      method: 'POST',
      url: '/api/admin/billing/plans',
      payload: {
        name: 'Classroom',
        trialDays: 0,
        features: {
          premiumBanks: true,
          unlimitedPractice: true,
          exams: false,
          detailedAnalytics: false,
          hostLiveRooms: true,
          livePlayerLimit: 40,
        },
        prices: [{ currency: 'eur', interval: 'month', amount: 1500 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json<Plan>();
    const learner = await kit.learner('classroom');
    await kit.subscribe(learner, plan.prices[0]!.id);
    const oldPartnerPrice = [...kit.partner.objects.values()].find(
      (o) =>
        o.object === 'price' &&
        (o.metadata as Record<string, string>).questa_price_id === plan.prices[0]!.id,
    )!;
    expect(oldPartnerPrice.active).toBe(true);

    const changed = await kit.admin.call({
      method: 'PATCH',
      url: `/api/admin/billing/plans/${plan.id}`,
      payload: { prices: [{ currency: 'eur', interval: 'month', amount: 1800 }] },
    });
    expect(changed.statusCode).toBe(200);
    const prices = changed.json<Plan>().prices;
    expect(prices.map((p) => [p.amount, p.active])).toEqual([
      [1500, false],
      [1800, true],
    ]);
    expect(kit.partner.get(oldPartnerPrice.id).active).toBe(false);
    // The subscriber keeps the price they bought; the plan on sale shows only the new one.
    const { subscription } = (
      await learner.call({ url: '/api/billing/subscription' })
    ).json<BillingOverview>();
    expect(subscription!.price).toMatchObject({ amount: 1500 });
    const onSale = (await kit.api.inject('/api/billing/plans')).json<{ plans: Plan[] }>();
    expect(onSale.plans.find((p) => p.id === plan.id)!.prices.map((p) => p.amount)).toEqual([1800]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['plan.created', 'plan.changed']));
  });

  it('refunds part of an invoice, then the rest, and refuses more than was paid', async () => {
    const learner = await kit.learner('refunded');
    await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    const [invoice] = (await learner.call({ url: '/api/billing/invoices' })).json<InvoiceList>()
      .invoices;
    expect(invoice!.amountPaid).toBe(900);
    const url = `/api/admin/billing/invoices/${invoice!.id}/refunds`;

    const partial = await kit.admin.call({
      method: 'POST',
      url,
      payload: { amount: 400, reason: 'requested_by_customer' },
    });
    expect(partial.statusCode).toBe(201);
    expect(partial.json<Refund>()).toMatchObject({
      amount: 400,
      currency: 'eur',
      status: 'succeeded',
    });
    const tooMuch = await kit.admin.call({ method: 'POST', url, payload: { amount: 600 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ errors: [{ field: 'amount' }] });
    const rest = await kit.admin.call({ method: 'POST', url, payload: {} });
    expect(rest.json<Refund>()).toMatchObject({ amount: 500 });
    const again = await kit.admin.call({ method: 'POST', url, payload: {} });
    expect(again.statusCode).toBe(400);

    const refunds = [...kit.partner.objects.values()].filter((o) => o.object === 'refund');
    expect(refunds.map((r) => r.amount)).toEqual([400, 500]);
    const after = (await learner.call({ url: `/api/billing/invoices/${invoice!.id}` })).json();
    expect(after).toMatchObject({ amountPaid: 900, amountRefunded: 900 });
    expect(await auditActions()).toContain('refund.created');
  });

  it('lists subscribers and shows one learner’s whole billing history', async () => {
    const learner = await kit.learner('historic');
    const partnerId = await kit.subscribe(learner, kit.priceOf('usd', 'year'));
    for (const event of kit.partner.cancel(partnerId, { atPeriodEnd: true }))
      await kit.deliver(event);

    const list = (
      await kit.admin.call({ url: '/api/admin/billing/subscribers?status=trialing&limit=100' })
    ).json<SubscriberList>();
    const mine = list.subscribers.find((s) => s.user.id === learner.userId)!;
    expect(mine).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });

    const detail = (
      await kit.admin.call({ url: `/api/admin/billing/subscribers/${mine.id}` })
    ).json<SubscriberDetail>();
    expect(detail.history.map((h) => [h.source, h.after.cancelAtPeriodEnd])).toEqual([
      ['webhook', false],
      ['webhook', true],
    ]);

    const history = (
      await kit.admin.call({ url: `/api/admin/billing/users/${learner.userId}` })
    ).json<LearnerBilling>();
    expect(history.billing).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    expect(history.subscriptions).toHaveLength(1);
    expect(history.invoices).toHaveLength(1);
    expect(history.checkouts.map((c) => c.status)).toEqual(['complete']);
    expect(await auditActions()).toContain('subscription.changed');
  });

  it('finds subscribers by part of a learner’s email or name, any case, wildcards taken literally', async () => {
    const learner = await kit.learner('Searchable_Sam');
    await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    await kit.subscribe(await kit.learner('searchablexsam'), kit.priceOf('eur', 'month'));
    const search = async (q: string) =>
      (
        await kit.admin.call({
          url: `/api/admin/billing/subscribers?${new URLSearchParams({ q, limit: '100' })}`,
        })
      )
        .json<SubscriberList>()
        .subscribers.map((s) => s.user.id);

    expect(await search('SEARCHABLE_sam')).toEqual([learner.userId]);
    expect(await search(learner.sub.slice(-6))).toEqual([learner.userId]);
    expect(await search('%')).not.toContain(learner.userId);
    const paged = (
      await kit.admin.call({ url: '/api/admin/billing/subscribers?q=searchable&limit=1' })
    ).json<SubscriberList>();
    expect(paged.subscribers).toHaveLength(1);
    expect(paged.nextCursor).not.toBeNull();
  });

  it('reports revenue: MRR of paying subscribers, and who began and left this month', async () => {
    const payer = await kit.learner('payer');
    const partnerId = await kit.subscribe(payer, kit.priceOf('eur', 'year'));
    for (const event of kit.partner.renew(partnerId, { declined: false })) await kit.deliver(event);
    const leaver = await kit.learner('leaver');
    const leaving = await kit.subscribe(leaver, kit.priceOf('eur', 'month'));
    for (const event of kit.partner.cancel(leaving, { atPeriodEnd: false }))
      await kit.deliver(event);

    const report = (
      await kit.admin.call({ url: '/api/admin/billing/revenue?months=3' })
    ).json<RevenueReport>();
    expect(report.months).toHaveLength(3);
    const month = report.months.at(-1)!;
    expect(month.month).toBe(new Date().toISOString().slice(0, 7));
    expect(report.activeSubscribers).toBeGreaterThanOrEqual(1);
    // The yearly €90 payer counts €7.50 a month.
    expect(report.mrr.find((m) => m.currency === 'eur')!.amount).toBeGreaterThanOrEqual(750);
    expect(month.newSubscribers).toBeGreaterThanOrEqual(2);
    expect(month.churned).toBeGreaterThanOrEqual(1);
    // This month's end is now: the same figures as the subscriptions' present state.
    expect(month.activeSubscribers).toBe(report.activeSubscribers);
    expect(month.mrr).toEqual(report.mrr);
    expect(report.months[0]).toMatchObject({ activeSubscribers: 0, mrr: [] });
    expect(month.collected.find((c) => c.currency === 'eur')!.amount).toBeGreaterThan(0);
  });

  it('reconciles on request: corrects a change whose webhook was lost, and says what it corrected', async () => {
    const learner = await kit.learner('lost-webhook');
    const partnerId = await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    kit.partner.silentlyChange(partnerId, {
      status: 'canceled',
      ended_at: Math.floor(Date.now() / 1000),
    });
    expect(
      (await learner.call({ url: '/api/billing/subscription' })).json<BillingOverview>().billing
        .status,
    ).toBe('trialing');

    const run = await kit.admin.call({ method: 'POST', url: '/api/admin/billing/reconcile' });
    expect(run.statusCode).toBe(200);
    const report = run.json<ReconcileReport>();
    expect(report.trigger).toBe('admin');
    expect(report.failed).toBe(0);
    expect(report.checked).toBeGreaterThan(0);
    const corrected = report.corrected.filter((c) => c.userId === learner.userId);
    expect(corrected).toHaveLength(1);
    expect(corrected[0]).toMatchObject({
      before: { status: 'trialing' },
      after: { status: 'canceled' },
    });
    expect(
      (await learner.call({ url: '/api/billing/subscription' })).json<BillingOverview>().billing
        .status,
    ).toBe('canceled');

    const last = (await kit.admin.call({ url: '/api/admin/billing/reconcile' })).json<{
      report: ReconcileReport;
    }>();
    expect(last.report.startedAt).toBe(report.startedAt);
    // A second run finds nothing left to correct.
    const second = (
      await kit.admin.call({ method: 'POST', url: '/api/admin/billing/reconcile' })
    ).json<ReconcileReport>();
    expect(second.corrected).toEqual([]);
    expect(await auditActions()).toContain('billing.reconciled');
  });

  it('tells yearly subscribers of their renewal once, ahead of it', async () => {
    const learner = await kit.learner('yearly');
    const partnerId = await kit.subscribe(learner, kit.priceOf('eur', 'year'));
    // Past the trial: a paid year whose end is five days away.
    for (const event of kit.partner.renew(partnerId, { declined: false })) await kit.deliver(event);
    const soon = Math.floor(Date.now() / 1000) + 5 * 24 * 3600;
    const item = (kit.partner.get(partnerId).items as { data: Record<string, unknown>[] }).data[0]!;
    item.current_period_end = soon;
    for (const event of kit.partner.update(partnerId, {})) await kit.deliver(event);

    const to = `${learner.sub}@example.test`;
    await kit.admin.call({ method: 'POST', url: '/api/admin/billing/reconcile' });
    await kit.admin.call({ method: 'POST', url: '/api/admin/billing/reconcile' });
    const renewals = kit.mail.sent.filter((m) => m.to === to && /renews on/.test(m.subject));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.text).toContain('€90.00');
    expect(renewals[0]!.text).toContain('/billing');
  });
  it('lists a learner on a trial in the admin’s users with the subscription behind their premium', async () => {
    const learner = await kit.learner('trial-in-users');
    await kit.subscribe(learner, kit.priceOf('eur', 'month'));
    const listed = await kit.admin.call({ url: '/api/admin/users?q=trial-in-users' });
    expect(listed.statusCode).toBe(200);
    const [user] = listed.json<{ users: AdminUser[] }>().users;
    expect(user).toMatchObject({
      id: learner.userId,
      premiumGrant: null,
      subscription: {
        status: 'trialing',
        plan: { id: kit.premium.id, name: 'Premium' },
        cancelAtPeriodEnd: false,
      },
    });
    expect(user!.subscription!.currentPeriodEnd).toEqual(expect.any(String));
  });
});
