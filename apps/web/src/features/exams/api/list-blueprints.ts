import type { Blueprint } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const blueprintsQueryKey = (bankId: string) => `exams/blueprints/${bankId}`;

/** The exams a bank offers; always at least its default one. */
export async function listBlueprints(bankId: string): Promise<Blueprint[]> {
  const { blueprints } = await apiGet<{ blueprints: Blueprint[] }>(
    `/banks/${encodeURIComponent(bankId)}/blueprints`,
  );
  return blueprints;
}

export function useBlueprints(bankId: string) {
  return useQuery(blueprintsQueryKey(bankId), () => listBlueprints(bankId));
}
