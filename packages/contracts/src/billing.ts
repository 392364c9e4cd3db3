import { z } from 'zod';
import { pageCursor } from './admin';
import { languageTag } from './language';
import {
  BILLING_LIMITS as B,
  billingIntervals,
  promotionDurations,
  refundReasons,
  subscriptionChangeSources,
  subscriptionStatuses,
} from './rules/billing';
import { LIVE_LIMITS } from './rules/live';

/*
 * Plans, checkout, subscriptions, invoices and the admin's billing pages. Amounts are integers in
 * the currency's minor unit (cents for EUR and USD), as the payment partner counts them.
 */

const isoDate = z.iso.datetime({ offset: true });
const currency = z
  .string()
  .regex(/^[a-z]{3}$/, { error: 'must be a three-letter ISO 4217 code in lower case' })
  .meta({ description: 'ISO 4217 currency code in lower case.', example: 'eur' });
const amount = z
  .number()
  .int()
  .min(0)
  .max(B.amountMax)
  .meta({ description: 'In the currency’s minor unit (cents for EUR).' });

const billingId = (noun: string, description: string, example: string) =>
  z.uuid({ error: `must be ${noun} id` }).meta({ description, example });
export const billingIds = {
  plan: billingId(
    'a plan',
    'A plan. `GET /billing/plans` lists those on sale.',
    '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  ),
  price: billingId(
    'a price',
    'One price of a plan (a currency and an interval); `GET /billing/plans` lists them.',
    '2f3e4d5c-6b7a-4899-8a1b-2c3d4e5f6a7b',
  ),
  promotionCode: billingId(
    'a promotion code',
    'A promotion code, as `GET /admin/billing/promotion-codes` lists them.',
    '3a4f5e6d-7c8b-49aa-9b2c-3d4e5f6a7b8c',
  ),
  subscription: billingId(
    'a subscription',
    'A subscription, as `GET /billing/subscription` or the admin’s subscriber list names it.',
    '4b5a6f7e-8d9c-4abb-8c3d-4e5f6a7b8c9d',
  ),
  invoice: billingId(
    'an invoice',
    'An invoice, as `GET /billing/invoices` lists them.',
    '5c6b7a8f-9e0d-4bcc-9d4e-5f6a7b8c9d0e',
  ),
};

/** What a plan unlocks. Premium granted by an admin unlocks all of it, with the largest rooms. */
export const planFeatures = z.strictObject({
  premiumBanks: z.boolean().meta({ description: 'Practise and sit exams on premium banks.' }),
  unlimitedPractice: z.boolean().meta({ description: 'No daily practice allowance.' }),
  exams: z.boolean().meta({ description: 'Timed mock exams.' }),
  detailedAnalytics: z.boolean().meta({ description: 'Detailed progress analytics.' }),
  hostLiveRooms: z.boolean().meta({ description: 'Open live quiz rooms as a host.' }),
  livePlayerLimit: z
    .number()
    .int()
    .min(B.livePlayersMin)
    .max(LIVE_LIMITS.maxPlayers)
    .nullable()
    .meta({ description: 'Players a hosted room may hold; null when the plan hosts no rooms.' }),
});
export type PlanFeatures = z.infer<typeof planFeatures>;

export const planPrice = z.object({
  id: z.uuid(),
  currency,
  interval: z.enum(billingIntervals),
  amount,
  /** False once replaced or withdrawn: subscribers keep it, new checkouts cannot use it. */
  active: z.boolean(),
  createdAt: isoDate,
});
export type PlanPrice = z.infer<typeof planPrice>;

export const plan = z.object({
  id: z.uuid(),
  /**
   * The free tier has no prices and unlocks nothing beyond the free allowance; `workspace` is
   * sold to workspaces per seat, not to learners.
   */
  kind: z.enum(['free', 'paid', 'workspace']),
  name: z.string(),
  description: z.string(),
  trialDays: z.number().int(),
  features: planFeatures,
  prices: z.array(planPrice),
  active: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Plan = z.infer<typeof plan>;
export const planList = z.object({ plans: z.array(plan) });
export type PlanList = z.infer<typeof planList>;

const priceInput = z.strictObject({
  currency,
  interval: z.enum(billingIntervals),
  amount: amount.min(1),
});
export type PriceInput = z.infer<typeof priceInput>;

const pricesInput = z
  .array(priceInput)
  .max(B.pricesPerPlanMax)
  .refine(
    (prices) => new Set(prices.map((p) => `${p.currency}/${p.interval}`)).size === prices.length,
    { error: 'may hold one price per currency and interval' },
  )
  .meta({
    description:
      'Every price the plan is sold at, one per currency and interval. A price whose amount ' +
      'changes is replaced by a new one and the old one archived; one left out is archived.',
  });

const featuresInput = planFeatures.refine(
  (features) => features.hostLiveRooms === (features.livePlayerLimit !== null),
  {
    error: 'livePlayerLimit is set exactly when the plan hosts live rooms',
    path: ['livePlayerLimit'],
  },
);

export const planCreate = z
  .strictObject({
    name: z.string().trim().min(1).max(B.planNameMax),
    description: z.string().max(B.planDescriptionMax).default(''),
    trialDays: z.number().int().min(0).max(B.trialDaysMax).default(0),
    features: featuresInput,
    prices: pricesInput.min(1),
  })
  .meta({
    examples: [
      {
        name: 'Premium',
        description: 'Every premium bank, unlimited practice and timed exams.',
        trialDays: 7,
        features: {
          premiumBanks: true,
          unlimitedPractice: true,
          exams: true,
          detailedAnalytics: true,
          hostLiveRooms: true,
          livePlayerLimit: 50,
        },
        prices: [
          { currency: 'eur', interval: 'month', amount: 900 },
          { currency: 'eur', interval: 'year', amount: 9000 },
        ],
      },
    ],
  });
export type PlanCreate = z.infer<typeof planCreate>;

export const planUpdate = z
  .strictObject({
    name: z.string().trim().min(1).max(B.planNameMax).optional(),
    description: z.string().max(B.planDescriptionMax).optional(),
    trialDays: z.number().int().min(0).max(B.trialDaysMax).optional(),
    features: featuresInput.optional(),
    prices: pricesInput.optional(),
    active: z
      .boolean()
      .optional()
      .meta({ description: 'False withdraws the plan from sale; subscribers keep it.' }),
  })
  .meta({
    examples: [
      { prices: [{ currency: 'eur', interval: 'month', amount: 1000 }] },
      { active: false },
    ],
  });
export type PlanUpdate = z.infer<typeof planUpdate>;
export const planParams = z.strictObject({ planId: billingIds.plan });

export const promotionDiscount = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('percent'),
    percentOff: z.number().min(1).max(100),
  }),
  z.strictObject({ type: z.literal('amount'), amountOff: amount.min(1), currency }),
]);

export const promotionCode = z.object({
  id: z.uuid(),
  code: z.string(),
  discount: promotionDiscount,
  duration: z.enum(promotionDurations),
  /** For `repeating`: how many months the discount lasts. */
  durationMonths: z.number().int().nullable(),
  maxRedemptions: z.number().int().nullable(),
  expiresAt: isoDate.nullable(),
  active: z.boolean(),
  createdAt: isoDate,
});
export type PromotionCode = z.infer<typeof promotionCode>;
export const promotionCodeList = z.object({ promotionCodes: z.array(promotionCode) });

export const promotionCodeCreate = z
  .strictObject({
    code: z.string().regex(B.promotionCodePattern, {
      error: 'must be 3–40 letters, digits or dashes',
    }),
    discount: promotionDiscount,
    duration: z.enum(promotionDurations).default('once'),
    durationMonths: z.number().int().min(1).max(B.promotionMonthsMax).nullable().default(null),
    maxRedemptions: z.number().int().min(1).nullable().default(null),
    expiresAt: isoDate.nullable().default(null),
  })
  .refine((input) => (input.duration === 'repeating') === (input.durationMonths !== null), {
    error: 'durationMonths is set exactly when the duration is repeating',
    path: ['durationMonths'],
  })
  .meta({
    examples: [
      { code: 'SPRING25', discount: { type: 'percent', percentOff: 25 }, duration: 'once' },
      {
        code: 'WELCOME-5',
        discount: { type: 'amount', amountOff: 500, currency: 'eur' },
        duration: 'repeating',
        durationMonths: 3,
        maxRedemptions: 100,
      },
    ],
  });
export type PromotionCodeCreate = z.infer<typeof promotionCodeCreate>;
export const promotionCodeUpdate = z
  .strictObject({
    active: z.literal(false).meta({ description: 'A promotion code can only be withdrawn.' }),
  })
  .meta({ examples: [{ active: false }] });
export const promotionCodeParams = z.strictObject({ promotionCodeId: billingIds.promotionCode });

/** The learner's language, which the partner's hosted pages then speak, as Stripe's `locale`. */
const partnerPageLocale = languageTag.optional().meta({
  description:
    'The language the app is shown in (a BCP 47 tag); the payment partner’s page speaks it when it can, else follows the browser’s languages.',
  example: 'de',
});

/** What the session document and `GET /billing/subscription` say about a learner's premium. */
export const sessionBilling = z.object({
  status: z.enum(subscriptionStatuses),
  plan: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  interval: z.enum(billingIntervals).nullable(),
  /** The next charge, while the subscription renews. */
  renewsAt: isoDate.nullable(),
  /** When premium ends: at the period's end after a cancellation, or when a past-due grace runs out. */
  endsAt: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A payment failed; premium continues until `endsAt` while the partner retries. */
  pastDue: z.boolean(),
  /** Premium granted by an admin, besides any subscription; `until` null when it does not end. */
  grant: z.object({ until: isoDate.nullable() }).nullable(),
  /** What the account unlocks now, from every source. */
  features: planFeatures,
});
export type SessionBilling = z.infer<typeof sessionBilling>;

export const checkoutCreate = z
  .strictObject({
    priceId: billingIds.price,
    promotionCode: z
      .string()
      .regex(B.promotionCodePattern, { error: 'must be 3–40 letters, digits or dashes' })
      .optional()
      .meta({ description: 'A promotion code the learner typed.' }),
    locale: partnerPageLocale,
  })
  .meta({ examples: [{ priceId: '2f3e4d5c-6b7a-4899-8a1b-2c3d4e5f6a7b', locale: 'de' }] });
export type CheckoutCreate = z.infer<typeof checkoutCreate>;

export const checkout = z.object({
  id: z.uuid(),
  planId: z.uuid(),
  priceId: z.uuid(),
  status: z.enum(['open', 'complete', 'expired']),
  /** The partner's hosted payment page: send the browser there. */
  url: z.string().nullable(),
  expiresAt: isoDate,
  createdAt: isoDate,
});
export type Checkout = z.infer<typeof checkout>;

export const checkoutReturn = z
  .strictObject({
    sessionId: z
      .string()
      .regex(/^cs_[A-Za-z0-9_]{1,200}$/, { error: 'must be a checkout session id (cs_…)' })
      .meta({
        description:
          'The partner’s checkout session the learner paid, as the success address carries it.',
        example: 'cs_test_a1B2c3D4',
      }),
  })
  .meta({ examples: [{ sessionId: 'cs_test_a1B2c3D4' }] });
export type CheckoutReturn = z.infer<typeof checkoutReturn>;

export const portalCreate = z
  .strictObject({ locale: partnerPageLocale })
  .meta({ examples: [{ locale: 'de' }] });
export type PortalCreate = z.infer<typeof portalCreate>;

export const redirectUrl = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof redirectUrl>;

export const subscription = z.object({
  id: z.uuid(),
  plan: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  price: z
    .object({ id: z.uuid(), currency, interval: z.enum(billingIntervals), amount })
    .nullable(),
  status: z.enum(subscriptionStatuses),
  currentPeriodStart: isoDate.nullable(),
  currentPeriodEnd: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: isoDate.nullable(),
  startedAt: isoDate,
  endedAt: isoDate.nullable(),
});
export type Subscription = z.infer<typeof subscription>;

/** `GET /billing/subscription`: the learner's premium, the subscription behind it, a checkout under way. */
export const billingOverview = z.object({
  billing: sessionBilling,
  subscription: subscription.nullable(),
  pendingCheckout: checkout.nullable(),
});
export type BillingOverview = z.infer<typeof billingOverview>;
export const subscriptionParams = z.strictObject({ subscriptionId: billingIds.subscription });

export const invoice = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  currency,
  amountDue: amount,
  amountPaid: amount,
  amountRefunded: amount,
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
  createdAt: isoDate,
  /** The partner's page for the invoice and its receipt, and the PDF; null until finalised. */
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;
export const invoiceList = z.object({ invoices: z.array(invoice) });
export type InvoiceList = z.infer<typeof invoiceList>;
export const invoiceParams = z.strictObject({ invoiceId: billingIds.invoice });

export const refund = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  amount,
  currency,
  reason: z.enum(refundReasons).nullable(),
  status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
  createdBy: z.string().nullable(),
  createdAt: isoDate,
});
export type Refund = z.infer<typeof refund>;
export const refundCreate = z
  .strictObject({
    amount: amount
      .min(1)
      .optional()
      .meta({ description: 'Leave out to refund everything not refunded yet.' }),
    reason: z.enum(refundReasons).optional(),
  })
  .meta({ examples: [{}, { amount: 450, reason: 'requested_by_customer' }] });
export type RefundCreate = z.infer<typeof refundCreate>;

/** One change to a subscription, as the partner reported it or the reconcile job found it. */
export const subscriptionChange = z.object({
  at: isoDate,
  source: z.enum(subscriptionChangeSources),
  status: z.enum(subscriptionStatuses),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type SubscriptionChange = z.infer<typeof subscriptionChange>;

export const subscriber = subscription.extend({
  user: z.object({ id: z.uuid(), email: z.string(), displayName: z.string() }),
});
export type Subscriber = z.infer<typeof subscriber>;
export const subscriberList = z.object({
  subscribers: z.array(subscriber),
  nextCursor: z.string().nullable(),
});
export type SubscriberList = z.infer<typeof subscriberList>;
export const subscriberQuery = z.strictObject({
  status: z
    .enum(subscriptionStatuses)
    .optional()
    .meta({ description: 'Only subscriptions in this state.' }),
  q: z.string().trim().max(200).optional().meta({
    description: 'Only learners whose email or name contains this, ignoring case.',
    example: 'grace',
  }),
  cursor: pageCursor,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(50)
    .meta({ description: 'How many entries a page holds (1–100, 50 when left out).' }),
});
export const subscriberDetail = subscriber.extend({ history: z.array(subscriptionChange) });
export type SubscriberDetail = z.infer<typeof subscriberDetail>;

/** Everything billing knows about one learner, for an admin answering a question about it. */
export const learnerBilling = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), displayName: z.string() }),
  billing: sessionBilling,
  subscriptions: z.array(subscriberDetail),
  invoices: z.array(invoice),
  refunds: z.array(refund),
  checkouts: z.array(checkout),
});
export type LearnerBilling = z.infer<typeof learnerBilling>;

const money = z.object({ currency, amount });
export const revenueQuery = z.strictObject({
  months: z.coerce
    .number()
    .int()
    .min(1)
    .max(B.revenueMonthsMax)
    .default(12)
    .meta({
      description: `Calendar months to report, this one included (1–${B.revenueMonthsMax}).`,
    }),
});
export const revenueReport = z.object({
  /** Monthly recurring revenue of paying subscriptions, per currency; yearly prices count a twelfth. */
  mrr: z.array(money),
  activeSubscribers: z.number().int(),
  trialing: z.number().int(),
  pastDue: z.number().int(),
  months: z.array(
    z.object({
      /** `2026-03` */
      month: z.string(),
      /** At the month's end (now, for this month), from each subscription's recorded changes. */
      activeSubscribers: z.number().int(),
      mrr: z.array(money),
      newSubscribers: z.number().int(),
      churned: z.number().int(),
      /** Paid invoices less refunds, per currency. */
      collected: z.array(money),
    }),
  ),
});
export type RevenueReport = z.infer<typeof revenueReport>;

export const reconcileReport = z.object({
  startedAt: isoDate,
  finishedAt: isoDate,
  trigger: z.enum(['schedule', 'admin']),
  checked: z.number().int(),
  corrected: z.array(
    z.object({
      subscriptionId: z.uuid(),
      userId: z.uuid(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()),
    }),
  ),
  expiredCheckouts: z.number().int(),
  /** Customers the partner could not be asked about; the next run tries again. */
  failed: z.number().int(),
});
export type ReconcileReport = z.infer<typeof reconcileReport>;
export const lastReconcile = z.object({ report: reconcileReport.nullable() });

/** The partner's events recorded and not yet applied: none, or a few for a moment, when healthy. */
export const webhookBacklog = z.object({
  waiting: z.number().int(),
  /** When the partner created the oldest waiting event; null when none waits. */
  oldestCreatedAt: isoDate.nullable(),
  /** Why the latest failed attempt failed (the partner not answering, say); null when none has. */
  lastError: z.string().nullable(),
});
export type WebhookBacklog = z.infer<typeof webhookBacklog>;

export const webhookHeaders = z.object({
  'stripe-signature': z
    .string()
    .optional()
    .meta({ description: 'The partner’s signature of the body and its timestamp.' }),
});

/** The partner's answer to a webhook: received, whether or not it changed anything. */
export const webhookReceipt = z.object({ received: z.literal(true) });
