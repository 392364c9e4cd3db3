import type { Blueprint, TenantBankList } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useQuery } from '../../../lib/use-query';

/**
 * The workspace's banks a teacher may assign from, read from the question database as the
 * teacher (the main API relays the call with their token). The first 100 are offered.
 */
export async function assignableBanks(clientId: string): Promise<TenantBankList['banks']> {
  const list = await apiRequest<TenantBankList>(
    `/${encodeURIComponent(clientId)}/banks?limit=100`,
    { base: config.questionDbBase },
  );
  return list.banks.filter((bank) => bank.archivedAt === null);
}

export function useAssignableBanks(clientId: string) {
  return useQuery(`assignable-banks/${clientId}`, () => assignableBanks(clientId));
}

/** A bank's exam blueprints as the workspace defines them. */
export async function bankBlueprints(clientId: string, bankId: string): Promise<Blueprint[]> {
  const { blueprints } = await apiRequest<{ blueprints: Blueprint[] }>(
    `/authoring/clients/${encodeURIComponent(clientId)}/banks/${encodeURIComponent(bankId)}/blueprints`,
  );
  return blueprints;
}

export function useBankBlueprints(clientId: string, bankId: string) {
  return useQuery(`assignable-banks/${clientId}/${bankId}/blueprints`, () =>
    bankBlueprints(clientId, bankId),
  );
}
