import { invalidateQueries } from '../../../lib/use-query';
import { auditQueryKey } from './list-audit-events';
import { billingQueryKey } from './billing-keys';
import { membersQueryKey } from './list-members';
import { usersQueryKey } from './list-users';

// Every change is audited, so the audit log is out of date after each one as well.

/** After a change to a user: their roles, premium grant or accommodations. */
export async function refetchAfterUserChange() {
  await Promise.all([invalidateQueries(usersQueryKey), invalidateQueries(auditQueryKey)]);
}

export async function refetchAfterMembershipChange(clientId: string) {
  await Promise.all([
    invalidateQueries(membersQueryKey(clientId)),
    invalidateQueries(auditQueryKey),
  ]);
}

/**
 * After a billing change: a plan, a promotion code or a refund. Plans, subscribers, a learner's
 * history and revenue all read the same rows, so every billing view is refetched.
 */
export async function refetchAfterBillingChange() {
  await Promise.all([invalidateQueries(billingQueryKey), invalidateQueries(auditQueryKey)]);
}
