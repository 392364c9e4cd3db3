import type {
  Invoice,
  LearnerBilling,
  Plan,
  PlanPrice,
  PromotionCode,
  Refund,
  RevenueReport,
  SessionBilling,
  Subscriber,
  SubscriberDetail,
} from '@questa/contracts';

/** What the admin's billing tabs read, as the main API answers it. */

export const planId = '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b';
export const graceId = '44444444-4444-4444-8444-444444444444';
export const invoiceId = '5c6b7a8f-9e0d-4bcc-9d4e-5f6a7b8c9d0e';

export function aPrice(overrides: Partial<PlanPrice> = {}): PlanPrice {
  return {
    id: '2f3e4d5c-6b7a-4899-8a1b-2c3d4e5f6a7b',
    currency: 'eur',
    interval: 'month',
    amount: 900,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: planId,
    kind: 'paid',
    name: 'Premium',
    description: 'Every premium bank, unlimited practice and timed exams.',
    trialDays: 7,
    features: {
      premiumBanks: true,
      unlimitedPractice: true,
      exams: true,
      detailedAnalytics: true,
      hostLiveRooms: true,
      livePlayerLimit: 100,
    },
    prices: [
      aPrice(),
      aPrice({ id: '2f3e4d5c-6b7a-4899-8a1b-2c3d4e5f6a70', interval: 'year', amount: 9000 }),
    ],
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const aFreePlan = (): Plan =>
  aPlan({
    id: '0e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
    kind: 'free',
    name: 'Free',
    description: 'Public banks and 20 practice answers a day.',
    trialDays: 0,
    features: {
      premiumBanks: false,
      unlimitedPractice: false,
      exams: false,
      detailedAnalytics: false,
      hostLiveRooms: false,
      livePlayerLimit: null,
    },
    prices: [],
  });

export function aPromotionCode(overrides: Partial<PromotionCode> = {}): PromotionCode {
  return {
    id: '3a4f5e6d-7c8b-49aa-9b2c-3d4e5f6a7b8c',
    code: 'SPRING25',
    discount: { type: 'percent', percentOff: 25 },
    duration: 'once',
    durationMonths: null,
    maxRedemptions: null,
    expiresAt: null,
    active: true,
    createdAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    id: '4b5a6f7e-8d9c-4abb-8c3d-4e5f6a7b8c9d',
    user: { id: graceId, email: 'grace@example.com', displayName: 'Grace Hopper' },
    plan: { id: planId, name: 'Premium' },
    price: { id: aPrice().id, currency: 'eur', interval: 'month', amount: 900 },
    status: 'active',
    currentPeriodStart: '2026-03-01T00:00:00.000Z',
    currentPeriodEnd: '2026-04-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    trialEnd: null,
    startedAt: '2026-02-22T00:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: invoiceId,
    number: 'Q-0042',
    status: 'paid',
    currency: 'eur',
    amountDue: 900,
    amountPaid: 900,
    amountRefunded: 0,
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    createdAt: '2026-03-01T00:00:00.000Z',
    hostedUrl: 'http://localhost/sandbox-pay/invoices/in_1',
    pdfUrl: null,
    ...overrides,
  };
}

export function aRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: '6d7c8b9a-0f1e-4ddd-8e5f-6a7b8c9d0e1f',
    invoiceId,
    amount: 300,
    currency: 'eur',
    reason: 'requested_by_customer',
    status: 'succeeded',
    createdBy: 'sub-ada',
    createdAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function aSessionBilling(overrides: Partial<SessionBilling> = {}): SessionBilling {
  return {
    status: 'active',
    plan: { id: planId, name: 'Premium' },
    interval: 'month',
    renewsAt: '2026-04-01T00:00:00.000Z',
    endsAt: null,
    cancelAtPeriodEnd: false,
    pastDue: false,
    grant: null,
    features: aPlan().features,
    ...overrides,
  };
}

export function aSubscriberDetail(overrides: Partial<SubscriberDetail> = {}): SubscriberDetail {
  return {
    ...aSubscriber(),
    history: [
      {
        at: '2026-02-22T00:00:00.000Z',
        source: 'webhook',
        status: 'trialing',
        before: {},
        after: { status: 'trialing', cancelAtPeriodEnd: false },
      },
      {
        at: '2026-03-01T00:00:00.000Z',
        source: 'webhook',
        status: 'active',
        before: { status: 'trialing', cancelAtPeriodEnd: false },
        after: { status: 'active', cancelAtPeriodEnd: false },
      },
    ],
    ...overrides,
  };
}

export function aLearnerBilling(overrides: Partial<LearnerBilling> = {}): LearnerBilling {
  return {
    user: { id: graceId, email: 'grace@example.com', displayName: 'Grace Hopper' },
    billing: aSessionBilling(),
    subscriptions: [aSubscriberDetail()],
    invoices: [anInvoice()],
    refunds: [],
    checkouts: [
      {
        id: '7e8d9c0b-1a2f-4eee-9f6a-7b8c9d0e1f2a',
        planId,
        priceId: aPrice().id,
        status: 'complete',
        url: null,
        expiresAt: '2026-02-23T00:00:00.000Z',
        createdAt: '2026-02-22T00:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function aRevenueReport(overrides: Partial<RevenueReport> = {}): RevenueReport {
  return {
    mrr: [{ currency: 'eur', amount: 2700 }],
    activeSubscribers: 3,
    trialing: 1,
    pastDue: 0,
    months: [
      {
        month: '2026-01',
        activeSubscribers: 2,
        mrr: [{ currency: 'eur', amount: 1800 }],
        newSubscribers: 2,
        churned: 0,
        collected: [],
      },
      {
        month: '2026-02',
        activeSubscribers: 5,
        mrr: [{ currency: 'eur', amount: 4500 }],
        newSubscribers: 4,
        churned: 1,
        collected: [{ currency: 'eur', amount: 1800 }],
      },
      {
        month: '2026-03',
        activeSubscribers: 3,
        mrr: [{ currency: 'eur', amount: 2700 }],
        newSubscribers: 1,
        churned: 2,
        collected: [
          { currency: 'eur', amount: 2400 },
          { currency: 'usd', amount: 999 },
        ],
      },
    ],
    ...overrides,
  };
}
