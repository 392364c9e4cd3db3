import type { ClassRoster } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { prefetchQuery, useQuery } from '../../../lib/use-query';
import { classKey } from './keys';
import { teachingPath } from './teaching-path';

export function getClass(clientId: string, classId: string): Promise<ClassRoster> {
  return apiRequest<ClassRoster>(teachingPath(clientId, classId));
}

export function useClass(clientId: string, classId: string) {
  return useQuery(classKey(clientId, classId), () => getClass(clientId, classId));
}

/** Starts loading the class before its page asks; the page then shares that request. */
export function prefetchClass(clientId: string, classId: string): void {
  prefetchQuery(classKey(clientId, classId), () => getClass(clientId, classId));
}
