import type { PromotionCode } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterBillingChange } from './refetch';

/** Withdraws a code; checkouts already begun with it keep their discount. */
export function withdrawPromotionCode(promotionCodeId: string): Promise<PromotionCode> {
  return apiRequest<PromotionCode>(
    `/admin/billing/promotion-codes/${encodeURIComponent(promotionCodeId)}`,
    { method: 'PATCH', body: { active: false } },
  );
}

async function withdrawAndRefetch(promotionCodeId: string) {
  const code = await withdrawPromotionCode(promotionCodeId);
  await refetchAfterBillingChange();
  return code;
}

export function useWithdrawPromotionCode() {
  return useMutation(withdrawAndRefetch);
}
