import type { LearnerBlueprint } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const blueprintQueryKey = (bankId: string, blueprintId: string) =>
  `exams/blueprints/${bankId}/${blueprintId}`;

/** One exam of a bank as this learner would take it: the time limit includes their extra time. */
export function getBlueprint(bankId: string, blueprintId: string): Promise<LearnerBlueprint> {
  return apiGet<LearnerBlueprint>(
    `/banks/${encodeURIComponent(bankId)}/blueprints/${encodeURIComponent(blueprintId)}`,
  );
}

export function useBlueprint(bankId: string, blueprintId: string) {
  return useQuery(blueprintQueryKey(bankId, blueprintId), () => getBlueprint(bankId, blueprintId));
}
