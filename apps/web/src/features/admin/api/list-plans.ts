import type { planList } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { plansQueryKey } from './billing-keys';

export type PlanList = Parsed<typeof planList>;

/** Every plan, withdrawn ones too, with every price it was ever sold at. */
export function listPlans(): Promise<PlanList> {
  return apiGet<PlanList>('/admin/billing/plans');
}

export function usePlans() {
  return useQuery(plansQueryKey, listPlans);
}
