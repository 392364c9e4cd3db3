import type { LearnerClass } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { myClassesKey } from './keys';

export async function joinClass(code: string): Promise<LearnerClass> {
  const joined = await apiRequest<LearnerClass>('/classes/join', {
    method: 'POST',
    body: { code },
  });
  await invalidateQueries(myClassesKey);
  return joined;
}

export function useJoinClass() {
  return useMutation(joinClass);
}
