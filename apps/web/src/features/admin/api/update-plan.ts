import type { Plan, PlanUpdate } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterBillingChange } from './refetch';

/**
 * Changes a plan. The server never changes a price: a new amount becomes a new price and the old
 * one is archived, here and at the payment partner, where its subscribers keep it.
 */
export function updatePlan(planId: string, input: PlanUpdate): Promise<Plan> {
  return apiRequest<Plan>(`/admin/billing/plans/${encodeURIComponent(planId)}`, {
    method: 'PATCH',
    body: input,
  });
}

async function updateAndRefetch(planId: string, input: PlanUpdate) {
  const plan = await updatePlan(planId, input);
  await refetchAfterBillingChange();
  return plan;
}

export function useUpdatePlan() {
  return useMutation(updateAndRefetch);
}
