import type { RevenueReport } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { revenueQueryKey } from './billing-keys';

/** Monthly recurring revenue, subscribers by state, and new and churned per month. */
export function getRevenue(months: number): Promise<RevenueReport> {
  return apiGet<RevenueReport>(`/admin/billing/revenue?months=${months}`);
}

export function useRevenue(months: number) {
  return useQuery(`${revenueQueryKey}/${months}`, () => getRevenue(months));
}
