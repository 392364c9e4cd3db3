import type { CatalogBankDetail } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const bankQueryKey = (bankId: string) => `catalog/banks/${bankId}`;

export function getBank(bankId: string): Promise<CatalogBankDetail> {
  return apiGet<CatalogBankDetail>(`/catalog/banks/${encodeURIComponent(bankId)}`);
}

export function useBank(bankId: string) {
  return useQuery(bankQueryKey(bankId), () => getBank(bankId));
}
