import type { promotionCodeList } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { promotionCodesQueryKey } from './billing-keys';

export type PromotionCodeList = Parsed<typeof promotionCodeList>;

export function listPromotionCodes(): Promise<PromotionCodeList> {
  return apiGet<PromotionCodeList>('/admin/billing/promotion-codes');
}

export function usePromotionCodes() {
  return useQuery(promotionCodesQueryKey, listPromotionCodes);
}
