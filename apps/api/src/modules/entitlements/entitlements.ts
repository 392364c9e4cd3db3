import {
  LIVE_LIMITS,
  type Entitlements,
  type Membership,
  type PlanFeatures,
  type SessionBilling,
} from '@questa/contracts';
import type { UserRow, UserSubscription } from '../users/user.repository';

/*
 * What a learner's account unlocks, answered in one place: from their subscription (through its
 * plan's features) and from premium an admin granted by hand. Every module asks these questions
 * instead of looking at how premium was obtained.
 */

const nothing: PlanFeatures = {
  premiumBanks: false,
  unlimitedPractice: false,
  exams: false,
  detailedAnalytics: false,
  hostLiveRooms: false,
  livePlayerLimit: null,
};

/** An admin's grant unlocks every feature, with the largest rooms. */
const everything: PlanFeatures = {
  premiumBanks: true,
  unlimitedPractice: true,
  exams: true,
  detailedAnalytics: true,
  hostLiveRooms: true,
  livePlayerLimit: LIVE_LIMITS.maxPlayers,
};

const DAY_MS = 24 * 60 * 60 * 1000;
type Members = readonly Pick<Membership, 'role'>[];

export interface EntitlementSettings {
  /** A subscription whose renewal failed keeps its plan this many days from the period's start. */
  pastDueGraceDays: number;
  /** The clock; tests move it. */
  now?: () => number;
}

export function createEntitlements(settings: EntitlementSettings) {
  const graceMs = settings.pastDueGraceDays * DAY_MS;
  const now = settings.now ?? Date.now;

  /**
   * Whether a subscription unlocks its plan now, and until when it surely does (null: for as
   * long as it renews). The partner's status is trusted while a period runs: a renewal it has not
   * reported yet does not end premium; the reconcile job catches a report that never came.
   */
  function access(subscription: UserSubscription | null): { grants: boolean; endsAt: Date | null } {
    if (!subscription) return { grants: false, endsAt: null };
    const periodEnd = date(subscription.currentPeriodEnd);
    switch (subscription.status) {
      case 'trialing':
      case 'active': {
        if (!subscription.cancelAtPeriodEnd) return { grants: true, endsAt: null };
        // Cancelled for the period's end: premium lasts exactly that long.
        return { grants: periodEnd !== null && periodEnd.getTime() > now(), endsAt: periodEnd };
      }
      case 'past_due': {
        // A failed renewal keeps premium for the grace period from the start of the unpaid period.
        const start = date(subscription.currentPeriodStart);
        if (!start) return { grants: false, endsAt: null };
        const graceEnd = new Date(start.getTime() + graceMs);
        return { grants: graceEnd.getTime() > now(), endsAt: graceEnd };
      }
      default:
        return { grants: false, endsAt: null };
    }
  }

  function featuresOf(user: UserRow): PlanFeatures {
    const fromGrant = user.premiumGrant ? everything : nothing;
    const plan = user.subscription?.features;
    const fromPlan = plan && access(user.subscription).grants ? plan : nothing;
    return {
      premiumBanks: fromGrant.premiumBanks || fromPlan.premiumBanks,
      unlimitedPractice: fromGrant.unlimitedPractice || fromPlan.unlimitedPractice,
      exams: fromGrant.exams || fromPlan.exams,
      detailedAnalytics: fromGrant.detailedAnalytics || fromPlan.detailedAnalytics,
      hostLiveRooms: fromGrant.hostLiveRooms || fromPlan.hostLiveRooms,
      livePlayerLimit: largest(fromGrant.livePlayerLimit, fromPlan.livePlayerLimit),
    };
  }

  /** Premium: any feature beyond the free tier, by a plan or by an admin's grant. */
  const hasPremium = (user: UserRow) =>
    Object.values(featuresOf(user)).some((value) => value === true);

  const writesQuestions = (memberships: Members) =>
    memberships.some((m) => m.role === 'owner' || m.role === 'author');

  /** Hosts of live rooms: learners whose premium includes it, and tenant members who write questions. */
  const mayHost = (user: UserRow, memberships: Members) =>
    featuresOf(user).hostLiveRooms || writesQuestions(memberships);

  function billingOf(user: UserRow): SessionBilling {
    const subscription = user.subscription;
    const live =
      subscription !== null && ['trialing', 'active', 'past_due'].includes(subscription.status);
    const status = live
      ? subscription.status
      : user.checkoutPending
        ? 'checkout_pending'
        : (subscription?.status ?? 'none');
    const shown = status === subscription?.status ? subscription : null;
    const { endsAt } = access(shown);
    const renews =
      shown !== null &&
      (shown.status === 'active' || shown.status === 'trialing') &&
      !shown.cancelAtPeriodEnd;
    return {
      status,
      plan: shown?.plan ?? null,
      interval: shown?.interval ?? null,
      renewsAt: renews ? shown.currentPeriodEnd : null,
      endsAt: endsAt?.toISOString() ?? null,
      cancelAtPeriodEnd: shown?.cancelAtPeriodEnd ?? false,
      pastDue: status === 'past_due',
      grant: user.premiumGrant,
      features: featuresOf(user),
    };
  }

  return {
    featuresOf,
    hasPremium,
    mayUsePremiumBanks: (user: UserRow) => featuresOf(user).premiumBanks,
    mayTakeExams: (user: UserRow) => featuresOf(user).exams,
    hasUnlimitedPractice: (user: UserRow) => featuresOf(user).unlimitedPractice,
    mayHost,
    /** The policy's `premium`: premium that lets a learner host live rooms. */
    hostsAsPremium: (user: UserRow) => featuresOf(user).hostLiveRooms,
    /** Players a room this host opens may hold; authors' rooms may be as large as any. */
    livePlayerLimit: (user: UserRow, memberships: Members): number =>
      writesQuestions(memberships)
        ? LIVE_LIMITS.maxPlayers
        : (featuresOf(user).livePlayerLimit ?? LIVE_LIMITS.maxPlayers),
    /** The entitlements the session document shows the client. */
    entitlementsOf: (user: UserRow, memberships: Members): Entitlements => ({
      premium: hasPremium(user),
      host: mayHost(user, memberships),
    }),
    billingOf,
  };
}

export type EntitlementService = ReturnType<typeof createEntitlements>;

const date = (value: string | null) => (value === null ? null : new Date(value));
const largest = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);
