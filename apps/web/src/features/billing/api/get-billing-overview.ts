import type { BillingOverview } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const billingOverviewQueryKey = 'billing/subscription';

/** The learner's premium, the subscription behind it and a checkout under way, read afresh. */
export function getBillingOverview(): Promise<BillingOverview> {
  return apiGet<BillingOverview>('/billing/subscription');
}

export function useBillingOverview() {
  return useQuery(billingOverviewQueryKey, getBillingOverview);
}
