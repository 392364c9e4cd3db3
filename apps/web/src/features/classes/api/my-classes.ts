import type { LearnerClass } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { myClassesKey } from './keys';

export async function myClasses(): Promise<LearnerClass[]> {
  return (await apiRequest<{ classes: LearnerClass[] }>('/classes')).classes;
}

export function useMyClasses() {
  return useQuery(myClassesKey, myClasses);
}
