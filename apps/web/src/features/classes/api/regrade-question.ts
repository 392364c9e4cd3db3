import type { Regrade } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { classKey } from './keys';
import { teachingPath } from './teaching-path';

/** Regrades the assignment against the question's corrected version; the class's views refresh. */
export async function regradeQuestion(
  clientId: string,
  classId: string,
  assignmentId: string,
  questionId: string,
): Promise<Regrade> {
  const result = await apiRequest<Regrade>(
    teachingPath(clientId, classId, `/assignments/${encodeURIComponent(assignmentId)}/regrade`),
    { method: 'POST', body: { questionId } },
  );
  await invalidateQueries(classKey(clientId, classId));
  return result;
}

export function useRegradeQuestion() {
  return useMutation(regradeQuestion);
}
