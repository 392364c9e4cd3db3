import type { PlanList } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const plansQueryKey = 'billing/plans';

/** The plans on sale, the free tier first as the server lists it; anyone may read them. */
export function getPlans(): Promise<PlanList> {
  return apiGet<PlanList>('/billing/plans');
}

export function usePlans() {
  return useQuery(plansQueryKey, getPlans);
}
