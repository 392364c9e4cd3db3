import type { PromotionCode, PromotionCodeCreate } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterBillingChange } from './refetch';

/** Creates a code here and at the payment partner, so the hosted checkout page takes it too. */
export function createPromotionCode(input: PromotionCodeCreate): Promise<PromotionCode> {
  return apiRequest<PromotionCode>('/admin/billing/promotion-codes', {
    method: 'POST',
    body: input,
  });
}

async function createAndRefetch(input: PromotionCodeCreate) {
  const code = await createPromotionCode(input);
  await refetchAfterBillingChange();
  return code;
}

export function useCreatePromotionCode() {
  return useMutation(createAndRefetch);
}
