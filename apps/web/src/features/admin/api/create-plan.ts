import type { Plan, PlanCreate } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterBillingChange } from './refetch';

export function createPlan(input: PlanCreate): Promise<Plan> {
  return apiRequest<Plan>('/admin/billing/plans', { method: 'POST', body: input });
}

async function createAndRefetch(input: PlanCreate) {
  const plan = await createPlan(input);
  await refetchAfterBillingChange();
  return plan;
}

export function useCreatePlan() {
  return useMutation(createAndRefetch);
}
