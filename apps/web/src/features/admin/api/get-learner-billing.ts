import type { LearnerBilling } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { learnerBillingQueryKey } from './billing-keys';

/** Everything billing knows about one learner: subscriptions and their history, invoices, refunds. */
export function getLearnerBilling(userId: string): Promise<LearnerBilling> {
  return apiGet<LearnerBilling>(`/admin/billing/users/${encodeURIComponent(userId)}`);
}

export function useLearnerBilling(userId: string) {
  return useQuery(learnerBillingQueryKey(userId), () => getLearnerBilling(userId));
}
