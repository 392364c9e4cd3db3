import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from './billing-sync.service';
import type { FakeEvent } from './testing/fake-partner';
import { startBillingApi, type BillingApi } from './testing/billing-test-kit';

/** A small deterministic generator, so a failure can be replayed exactly. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Expected {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
}

describe('billing: a storm of webhooks', () => {
  let kit: BillingApi;
  const subscriptions: string[] = [];

  beforeAll(async () => {
    kit = await startBillingApi();
    for (let n = 0; n < 20; n += 1) {
      const learner = await kit.learner(`storm-${n}`);
      subscriptions.push(
        await kit.subscribe(learner, kit.priceOf(n % 2 ? 'eur' : 'usd', n % 3 ? 'month' : 'year')),
      );
    }
  }, 120_000);
  afterAll(async () => {
    await kit?.close();
  });

  it('applies 1,000 events, a third of them twice, shuffled and from four senders, as the unique events in order', async () => {
    // The partner's history: renewals paid and declined, cancellations planned and withdrawn,
    // cancellations for non-payment. Each step returns the events Stripe would send.
    const next = random(20_260_401);
    const unique: FakeEvent[] = [];
    const open = new Set(subscriptions);
    while (unique.length < 1000 && open.size > 0) {
      const live = [...open];
      const id = live[Math.floor(next() * live.length)]!;
      const roll = next();
      if (roll < 0.35) unique.push(...kit.partner.renew(id, { declined: false }));
      else if (roll < 0.55) unique.push(...kit.partner.renew(id, { declined: true }));
      else if (roll < 0.7) unique.push(...kit.partner.update(id, { cancel_at_period_end: true }));
      else if (roll < 0.85) unique.push(...kit.partner.update(id, { cancel_at_period_end: false }));
      else if (roll < 0.88) {
        unique.push(...kit.partner.cancelForNonPayment(id));
        open.delete(id);
      } else unique.push(...kit.partner.update(id, { metadata: { step: String(unique.length) } }));
    }
    unique.length = Math.min(unique.length, 1000);
    expect(unique).toHaveLength(1000);

    // What applying the unique events in their order leaves: each object as its last event shows it.
    const expectedSubscriptions = new Map<string, Expected>();
    const expectedInvoices = new Map<string, { status: unknown; amountPaid: unknown }>();
    for (const event of unique) {
      const object = event.data.object as Record<string, unknown> & { id: string };
      if (object.object === 'subscription') {
        const item = (object.items as { data: { current_period_end: number }[] }).data[0]!;
        expectedSubscriptions.set(object.id, {
          status: statusOf(String(object.status)),
          cancelAtPeriodEnd: Boolean(object.cancel_at_period_end),
          currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
        });
      } else if (object.object === 'invoice') {
        expectedInvoices.set(object.id, { status: object.status, amountPaid: object.amount_paid });
      }
    }

    // A third delivered twice, everything shuffled, four senders at once.
    const twice = unique.filter((_, index) => index % 3 === 0);
    expect(twice).toHaveLength(334);
    const deliveries = [...unique, ...twice];
    for (let i = deliveries.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    const statuses: number[] = [];
    const senders = [1, 2, 3, 4].map(async () => {
      for (let event = deliveries.shift(); event; event = deliveries.shift()) {
        statuses.push((await kit.deliver(event)).statusCode);
      }
    });
    await Promise.all(senders);
    expect(statuses).toHaveLength(1334);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    const recorded = await kit.db
      .selectFrom('payment_events')
      .select(['id', 'outcome'])
      .where(
        'id',
        'in',
        unique.map((event) => event.id),
      )
      .execute();
    expect(recorded).toHaveLength(1000);
    expect(new Set(recorded.map((row) => row.outcome))).toEqual(new Set(['applied']));

    const stored = await kit.db
      .selectFrom('billing_subscriptions')
      .select([
        'partner_subscription_id as id',
        'status',
        'cancel_at_period_end as cancelAtPeriodEnd',
        'current_period_end as currentPeriodEnd',
      ])
      .where('partner_subscription_id', 'in', [...expectedSubscriptions.keys()])
      .execute();
    expect(
      new Map(
        stored.map((row) => [
          row.id,
          {
            status: row.status,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd,
            currentPeriodEnd: new Date(row.currentPeriodEnd!).toISOString(),
          },
        ]),
      ),
    ).toEqual(expectedSubscriptions);

    const invoices = await kit.db
      .selectFrom('billing_invoices')
      .select(['partner_invoice_id as id', 'status', 'amount_paid as amountPaid'])
      .where('partner_invoice_id', 'in', [...expectedInvoices.keys()])
      .execute();
    expect(
      new Map(invoices.map((row) => [row.id, { status: row.status, amountPaid: row.amountPaid }])),
    ).toEqual(expectedInvoices);

    // One mail queued per declined renewal, however often and in whatever order it was reported.
    const declined = [...expectedInvoices.values()].filter((i) => i.status === 'open').length;
    const notices = await kit.db
      .selectFrom('billing_notices')
      .select('key')
      .where('kind', '=', 'payment_failed')
      .execute();
    expect(notices).toHaveLength(declined);
  }, 300_000);
});
