import type { Assignment } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { prefetchQuery, useQuery } from '../../../lib/use-query';
import { classKey } from './keys';
import { teachingPath } from './teaching-path';

export async function listAssignments(clientId: string, classId: string): Promise<Assignment[]> {
  const { assignments } = await apiRequest<{ assignments: Assignment[] }>(
    teachingPath(clientId, classId, '/assignments'),
  );
  return assignments;
}

const assignmentsKey = (clientId: string, classId: string) =>
  `${classKey(clientId, classId)}/assignments`;

export function useAssignments(clientId: string, classId: string) {
  return useQuery(assignmentsKey(clientId, classId), () => listAssignments(clientId, classId));
}

/** Starts loading the class's assignments before their section asks. */
export function prefetchAssignments(clientId: string, classId: string): void {
  prefetchQuery(assignmentsKey(clientId, classId), () => listAssignments(clientId, classId));
}
