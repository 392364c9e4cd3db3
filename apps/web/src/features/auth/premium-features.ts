import type { PlanFeatures, SessionInfo } from '@questa/contracts';

/**
 * What the signed-in learner's premium unlocks, from the session: their plan's features and any
 * grant by an admin. Pages use it to show premium-only actions as such before the click; the
 * server decides again on every request.
 */
export function sessionFeatures(session: SessionInfo): PlanFeatures {
  if (session.billing) return session.billing.features;
  // A session without billing is signed out (or from a server before billing): all or nothing.
  const premium = session.user !== null && session.entitlements.premium;
  return {
    premiumBanks: premium,
    unlimitedPractice: premium,
    exams: premium,
    detailedAnalytics: premium,
    hostLiveRooms: session.entitlements.host,
    livePlayerLimit: null,
  };
}
