import type {
  BillingOverview,
  Invoice,
  Plan,
  PlanFeatures,
  SessionBilling,
  SessionInfo,
  Subscription,
} from '@questa/contracts';
import { aSession } from './session-fixtures';

export const freePlanId = 'f0000000-0000-4000-8000-000000000001';
export const premiumPlanId = 'a0000000-0000-4000-8000-000000000002';
export const priceIds = {
  eurMonth: 'b0000000-0000-4000-8000-000000000011',
  eurYear: 'b0000000-0000-4000-8000-000000000012',
  usdMonth: 'b0000000-0000-4000-8000-000000000013',
  usdYear: 'b0000000-0000-4000-8000-000000000014',
};
export const subscriptionId = 'c0000000-0000-4000-8000-000000000021';

export const noFeatures: PlanFeatures = {
  premiumBanks: false,
  unlimitedPractice: false,
  exams: false,
  detailedAnalytics: false,
  hostLiveRooms: false,
  livePlayerLimit: null,
};
export const premiumFeatures: PlanFeatures = {
  premiumBanks: true,
  unlimitedPractice: true,
  exams: true,
  detailedAnalytics: true,
  hostLiveRooms: true,
  livePlayerLimit: 100,
};

const created = '2026-01-01T00:00:00.000Z';

export function aFreePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: freePlanId,
    kind: 'free',
    name: 'Free',
    description: 'Public banks and 20 practice answers a day.',
    trialDays: 0,
    features: noFeatures,
    prices: [],
    active: true,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}

export function aPremiumPlan(overrides: Partial<Plan> = {}): Plan {
  const price = (id: string, currency: string, interval: 'month' | 'year', amount: number) => ({
    id,
    currency,
    interval,
    amount,
    active: true,
    createdAt: created,
  });
  return {
    id: premiumPlanId,
    kind: 'paid',
    name: 'Premium',
    description: 'Every premium bank, unlimited practice, timed mock exams.',
    trialDays: 7,
    features: premiumFeatures,
    prices: [
      price(priceIds.eurMonth, 'eur', 'month', 900),
      price(priceIds.eurYear, 'eur', 'year', 9000),
      price(priceIds.usdMonth, 'usd', 'month', 999),
      price(priceIds.usdYear, 'usd', 'year', 9999),
    ],
    active: true,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}

/** A learner's billing as the session shows it: free, unless told otherwise. */
export function aSessionBilling(overrides: Partial<SessionBilling> = {}): SessionBilling {
  return {
    status: 'none',
    plan: null,
    interval: null,
    renewsAt: null,
    endsAt: null,
    cancelAtPeriodEnd: false,
    pastDue: false,
    grant: null,
    features: noFeatures,
    ...overrides,
  };
}

/** Billing of a premium subscriber whose subscription renews. */
export const activeBilling = (overrides: Partial<SessionBilling> = {}) =>
  aSessionBilling({
    status: 'active',
    plan: { id: premiumPlanId, name: 'Premium' },
    interval: 'month',
    renewsAt: '2026-04-01T00:00:00.000Z',
    features: premiumFeatures,
    ...overrides,
  });

export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: subscriptionId,
    plan: { id: premiumPlanId, name: 'Premium' },
    price: { id: priceIds.eurMonth, currency: 'eur', interval: 'month', amount: 900 },
    status: 'active',
    currentPeriodStart: '2026-03-01T00:00:00.000Z',
    currentPeriodEnd: '2026-04-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    trialEnd: null,
    startedAt: '2026-03-01T00:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

export function anOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return { billing: aSessionBilling(), subscription: null, pendingCheckout: null, ...overrides };
}

/** The overview of a premium subscriber whose subscription renews. */
export const anActiveOverview = (): BillingOverview =>
  anOverview({ billing: activeBilling(), subscription: aSubscription() });

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'd0000000-0000-4000-8000-000000000031',
    number: 'QUESTA-0001',
    status: 'paid',
    currency: 'eur',
    amountDue: 900,
    amountPaid: 900,
    amountRefunded: 0,
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    createdAt: '2026-03-01T00:00:00.000Z',
    hostedUrl: 'https://pay.example/invoices/1',
    pdfUrl: 'https://pay.example/invoices/1.pdf',
    ...overrides,
  };
}

/** A signed-in learner's session with `billing`, its entitlements following from it. */
export function aSessionWithBilling(billing: SessionBilling): SessionInfo {
  const premium = Object.values(billing.features).some((value) => value === true);
  return {
    ...aSession(),
    entitlements: { premium, host: billing.features.hostLiveRooms },
    billing,
  };
}
