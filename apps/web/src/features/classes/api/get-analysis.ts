import type { AssignmentAnalysis } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { classKey } from './keys';
import { teachingPath } from './teaching-path';

export function getAnalysis(
  clientId: string,
  classId: string,
  assignmentId: string,
): Promise<AssignmentAnalysis> {
  return apiRequest<AssignmentAnalysis>(
    teachingPath(clientId, classId, `/assignments/${encodeURIComponent(assignmentId)}/analysis`),
  );
}

export function useAnalysis(clientId: string, classId: string, assignmentId: string) {
  return useQuery(`${classKey(clientId, classId)}/analysis/${assignmentId}`, () =>
    getAnalysis(clientId, classId, assignmentId),
  );
}
