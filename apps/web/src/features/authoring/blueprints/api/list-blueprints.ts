import type { Blueprint } from '@questa/contracts';
import { apiGet } from '../../../../lib/api-client';
import { useQuery } from '../../../../lib/use-query';

export const blueprintsPath = (clientId: string, bankId: string) =>
  `/authoring/clients/${encodeURIComponent(clientId)}/banks/${encodeURIComponent(bankId)}/blueprints`;

export const blueprintsKey = (clientId: string, bankId: string) =>
  `authoring/${clientId}/banks/${bankId}/blueprints`;

/** A bank's exam blueprints, the built-in default first as the API sends it. */
export function listBlueprints(clientId: string, bankId: string): Promise<Blueprint[]> {
  return apiGet<{ blueprints: Blueprint[] }>(blueprintsPath(clientId, bankId)).then(
    (list) => list.blueprints,
  );
}

export function useBlueprints(clientId: string, bankId: string) {
  return useQuery(blueprintsKey(clientId, bankId), () => listBlueprints(clientId, bankId));
}
