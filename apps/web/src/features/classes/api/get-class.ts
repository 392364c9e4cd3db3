import type { ClassRoster } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { classKey } from './keys';
import { teachingPath } from './teaching-path';

export function getClass(clientId: string, classId: string): Promise<ClassRoster> {
  return apiRequest<ClassRoster>(teachingPath(clientId, classId));
}

export function useClass(clientId: string, classId: string) {
  return useQuery(classKey(clientId, classId), () => getClass(clientId, classId));
}
