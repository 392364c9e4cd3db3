import type { TeachingClass } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { teachingKey } from './keys';
import { teachingPath } from './teaching-path';

export async function listClasses(clientId: string): Promise<TeachingClass[]> {
  return (await apiRequest<{ classes: TeachingClass[] }>(teachingPath(clientId))).classes;
}

export function useClasses(clientId: string) {
  return useQuery(`${teachingKey(clientId)}/list`, () => listClasses(clientId));
}
