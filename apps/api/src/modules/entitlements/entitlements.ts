import type { Entitlements, Membership } from '@questa/contracts';
import type { UserRow } from '../users/user.repository';

/*
 * What a learner's account unlocks, answered in one place. Premium is an admin's grant today;
 * subscriptions through the payment partner will grant it here too, and every module asks these
 * questions instead of looking at how premium was obtained.
 */

/** Premium: by an admin's grant, until it is revoked or runs out. */
export const hasPremium = (user: UserRow): boolean => user.premiumGrant !== null;

export const mayUsePremiumBanks = hasPremium;
export const mayTakeExams = hasPremium;
export const hasUnlimitedPractice = hasPremium;

/** Hosts of live rooms: premium learners, and tenant members who write questions. */
export const mayHost = (user: UserRow, memberships: readonly Pick<Membership, 'role'>[]) =>
  hasPremium(user) || memberships.some((m) => m.role === 'owner' || m.role === 'author');

/** The entitlements the session document shows the client. */
export const entitlementsOf = (
  user: UserRow,
  memberships: readonly Pick<Membership, 'role'>[],
): Entitlements => ({ premium: hasPremium(user), host: mayHost(user, memberships) });
