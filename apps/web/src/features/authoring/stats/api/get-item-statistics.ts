import type { ItemStatistics } from '@questa/contracts';
import { apiGet } from '../../../../lib/api-client';
import { useQuery } from '../../../../lib/use-query';

const bankPath = (clientId: string, bankId: string) =>
  `/authoring/clients/${encodeURIComponent(clientId)}/banks/${encodeURIComponent(bankId)}`;

export const itemStatisticsKey = (clientId: string, bankId: string) =>
  `authoring/${clientId}/banks/${bankId}/item-statistics`;

/** How learners did on each of a bank's questions, from the main API's answer records. */
export function getItemStatistics(clientId: string, bankId: string): Promise<ItemStatistics> {
  return apiGet<ItemStatistics>(`${bankPath(clientId, bankId)}/item-statistics`);
}

export function useItemStatistics(clientId: string, bankId: string) {
  return useQuery(itemStatisticsKey(clientId, bankId), () => getItemStatistics(clientId, bankId));
}
