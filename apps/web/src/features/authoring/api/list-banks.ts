import type { TenantBankList } from '@questa/contracts';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { banksKey, questionDbRequest } from './question-db';

const pageSize = 50;

export function listBanks(clientId: string, cursor?: string): Promise<TenantBankList> {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (cursor) query.set('cursor', cursor);
  return questionDbRequest<TenantBankList>(clientId, `/banks?${query}`);
}

export function useBanks(clientId: string) {
  return usePagedQuery(banksKey(clientId), (cursor) => listBanks(clientId, cursor));
}
