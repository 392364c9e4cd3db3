import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS, type PlanFeatures } from '@questa/contracts';
import type { UserRow, UserSubscription } from '../users/user.repository';
import { createEntitlements } from './entitlements';

const DAY = 24 * 3600_000;
const now = Date.parse('2026-06-15T12:00:00.000Z');
const at = (days: number) => new Date(now + days * DAY).toISOString();
const entitlements = createEntitlements({ pastDueGraceDays: 7, now: () => now });

const premium: PlanFeatures = {
  premiumBanks: true,
  unlimitedPractice: true,
  exams: true,
  detailedAnalytics: false,
  hostLiveRooms: true,
  livePlayerLimit: 50,
};

const user = (overrides: Partial<UserRow> = {}): UserRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  sub: 'learner',
  email: 'learner@example.test',
  displayName: 'Learner',
  roles: [],
  createdAt: at(-100),
  premiumGrant: null,
  extraTimePercent: 0,
  deletionDueAt: null,
  subscription: null,
  checkoutPending: false,
  ...overrides,
});
const subscribed = (overrides: Partial<UserSubscription>) =>
  user({
    subscription: {
      status: 'active',
      plan: { id: '00000000-0000-4000-8000-000000000002', name: 'Premium' },
      interval: 'month',
      features: premium,
      currentPeriodStart: at(-10),
      currentPeriodEnd: at(20),
      cancelAtPeriodEnd: false,
      ...overrides,
    },
  });

describe('entitlements', () => {
  it('gives a free learner nothing beyond the free tier', () => {
    const free = user();
    expect(entitlements.hasPremium(free)).toBe(false);
    expect(entitlements.billingOf(free)).toMatchObject({
      status: 'none',
      plan: null,
      renewsAt: null,
    });
  });

  it('unlocks a running subscription’s plan features, and only those', () => {
    const learner = subscribed({});
    expect(entitlements.mayTakeExams(learner)).toBe(true);
    expect(entitlements.featuresOf(learner).detailedAnalytics).toBe(false);
    expect(entitlements.billingOf(learner)).toMatchObject({
      status: 'active',
      renewsAt: at(20),
      endsAt: null,
      pastDue: false,
    });
    expect(entitlements.mayTakeExams(subscribed({ status: 'trialing' }))).toBe(true);
  });

  it('keeps a plan cancelled at the period’s end until that end, and not after', () => {
    const leaving = subscribed({ cancelAtPeriodEnd: true });
    expect(entitlements.mayTakeExams(leaving)).toBe(true);
    expect(entitlements.billingOf(leaving)).toMatchObject({ renewsAt: null, endsAt: at(20) });
    const ended = subscribed({ cancelAtPeriodEnd: true, currentPeriodEnd: at(-1) });
    expect(entitlements.mayTakeExams(ended)).toBe(false);
  });

  it('keeps a past-due plan for the grace period from the unpaid period’s start', () => {
    const within = subscribed({ status: 'past_due', currentPeriodStart: at(-6) });
    expect(entitlements.mayUsePremiumBanks(within)).toBe(true);
    expect(entitlements.billingOf(within)).toMatchObject({ pastDue: true, endsAt: at(1) });
    const beyond = subscribed({ status: 'past_due', currentPeriodStart: at(-8) });
    expect(entitlements.mayUsePremiumBanks(beyond)).toBe(false);
    expect(entitlements.billingOf(beyond).pastDue).toBe(true);
  });

  it('ends premium with a cancelled or expired subscription', () => {
    for (const status of ['canceled', 'expired', 'checkout_pending'] as const) {
      expect(entitlements.hasPremium(subscribed({ status }))).toBe(false);
    }
  });

  it('shows a checkout under way before an ended subscription', () => {
    const again = { ...subscribed({ status: 'canceled' }), checkoutPending: true };
    expect(entitlements.billingOf(again)).toMatchObject({ status: 'checkout_pending', plan: null });
  });

  it('lets an admin’s grant unlock everything, with or without a subscription', () => {
    const granted = user({ premiumGrant: { until: null } });
    expect(entitlements.featuresOf(granted)).toEqual({
      premiumBanks: true,
      unlimitedPractice: true,
      exams: true,
      detailedAnalytics: true,
      hostLiveRooms: true,
      livePlayerLimit: LIVE_LIMITS.maxPlayers,
    });
    const both = { ...subscribed({ status: 'canceled' }), premiumGrant: { until: at(3) } };
    expect(entitlements.mayTakeExams(both)).toBe(true);
    expect(entitlements.billingOf(both)).toMatchObject({
      status: 'canceled',
      grant: { until: at(3) },
    });
  });

  it('lets premium learners host with their plan’s room size, and authors with any', () => {
    const learner = subscribed({});
    expect(entitlements.mayHost(learner, [])).toBe(true);
    expect(entitlements.livePlayerLimit(learner, [])).toBe(50);
    expect(entitlements.livePlayerLimit(learner, [{ role: 'author' }])).toBe(
      LIVE_LIMITS.maxPlayers,
    );
    const noHosting = subscribed({
      features: { ...premium, hostLiveRooms: false, livePlayerLimit: null },
    });
    expect(entitlements.mayHost(noHosting, [])).toBe(false);
    expect(entitlements.hostsAsPremium(noHosting)).toBe(false);
    expect(entitlements.entitlementsOf(noHosting, [])).toEqual({ premium: true, host: false });
  });
});
