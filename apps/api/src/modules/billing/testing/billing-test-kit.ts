import type { LightMyRequestResponse } from 'fastify';
import type { Plan, PlanList } from '@questa/contracts';
import type { MailMessage, MailTransport } from '@questa/mail';
import { createStripePartner } from '../../../adapters/payment-partner';
import { createUnitOfWork } from '../../../db/unit-of-work';
import { startLearningApi, type Learner, type LearningApi } from '../../learning/learning-test-kit';
import { createUserRepository } from '../../users/user.repository';
import { createPlanRepository } from '../plan.repository';
import { createPlanService } from '../plan.service';
import { startFakePartner, type FakeEvent, type FakePartner } from './fake-partner';

/*
 * Test-only: the main API with a fake payment partner, mail kept in memory, the first-start plans
 * written, and helpers to act as the partner (signed webhooks) and as an admin.
 */

export interface BillingApi extends LearningApi {
  partner: FakePartner;
  mail: MailTransport & { sent: MailMessage[] };
  admin: Learner;
  premium: Plan;
  /** The id of premium's price in a currency and interval. */
  priceOf(currency: string, interval: 'month' | 'year'): string;
  /**
   * Delivers one event as the partner does, signed, as JSON; once it is answered 200, waits until
   * Questa has applied it, unless `keepPending` (an event whose object cannot be read yet).
   */
  deliver(
    event: FakeEvent,
    options?: { timestamp?: number; secret?: string; keepPending?: boolean },
  ): Promise<LightMyRequestResponse>;
  /** The partner's checkout session opened for a Questa checkout. */
  sessionOf(checkoutId: string): string;
  /** Starts a checkout as `learner` and pays it at the partner; the subscription's partner id. */
  subscribe(learner: Learner, priceId: string): Promise<string>;
}

export async function startBillingApi(
  options: { pastDueGraceDays?: number; partnerUrl?: string } = {},
): Promise<BillingApi> {
  const partner = await startFakePartner();
  const sent: MailMessage[] = [];
  const mail = { sent, send: async (message: MailMessage) => void sent.push(message) };
  const payments = createStripePartner({
    secretKey: partner.secretKey,
    webhookSecret: partner.webhookSecret,
    apiBase: options.partnerUrl ?? partner.url,
    timeoutMs: 5000,
  });
  const kit = await startLearningApi({
    billing: {
      payments,
      mail,
      billing: { jobTickMs: 0, pastDueGraceDays: options.pastDueGraceDays ?? 7 },
    },
  });
  await createPlanService({
    plans: createPlanRepository(kit.db),
    unitOfWork: createUnitOfWork(kit.db),
    partner: payments,
  }).seedDefaults();
  const admin = await kit.learner('admin');
  await createUserRepository(kit.db).grantRole(admin.userId, 'admin');
  const { plans } = (await kit.api.inject('/api/billing/plans')).json<PlanList>();
  const premium = plans.find((plan) => plan.kind === 'paid')!;

  /** The partner's checkout session opened for a Questa checkout. */
  const sessionOf = (checkoutId: string) =>
    [...partner.objects.values()].find(
      (o) =>
        o.object === 'checkout.session' &&
        (o.metadata as Record<string, string>).questa_checkout_id === checkoutId,
    )!.id;

  /** Whether the event is recorded and no longer waits to be applied. */
  const settled = async (eventId: string) => {
    const row = await kit.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('id', '=', eventId)
      .executeTakeFirst();
    return row !== undefined && row.outcome !== 'pending';
  };

  const deliver: BillingApi['deliver'] = async (event, signing) => {
    const { payload, signature } = partner.signed(event, signing);
    const answer = await kit.api.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    // The webhook is answered once the event is recorded; the partner then sends the next while
    // Questa applies this one. Tests look at the result, so they wait for it as a user would.
    if (answer.statusCode === 200 && !signing?.keepPending) {
      const deadline = Date.now() + 10_000;
      while (!(await settled(event.id))) {
        if (Date.now() > deadline) throw new Error(`event ${event.id} was not applied in 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    return answer;
  };

  return {
    ...kit,
    partner,
    mail,
    admin,
    premium,
    priceOf: (currency, interval) =>
      premium.prices.find((p) => p.currency === currency && p.interval === interval)!.id,
    deliver,
    sessionOf,
    async subscribe(learner, priceId) {
      const started = await learner.call({
        method: 'POST',
        url: '/api/billing/checkout',
        payload: { priceId },
      });
      if (started.statusCode !== 201) throw new Error(`checkout failed: ${started.body}`);
      const sessionId = sessionOf(started.json<{ id: string }>().id);
      for (const event of partner.completeCheckout(sessionId)) {
        const answer = await deliver(event);
        if (answer.statusCode !== 200) throw new Error(`webhook refused: ${answer.body}`);
      }
      return partner.get(sessionId).subscription as string;
    },
    async close() {
      await kit.close();
      await partner.close();
    },
  };
}
