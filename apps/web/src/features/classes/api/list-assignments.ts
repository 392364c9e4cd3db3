import type { Assignment } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { classKey } from './keys';
import { teachingPath } from './teaching-path';

export async function listAssignments(clientId: string, classId: string): Promise<Assignment[]> {
  const { assignments } = await apiRequest<{ assignments: Assignment[] }>(
    teachingPath(clientId, classId, '/assignments'),
  );
  return assignments;
}

export function useAssignments(clientId: string, classId: string) {
  return useQuery(`${classKey(clientId, classId)}/assignments`, () =>
    listAssignments(clientId, classId),
  );
}
