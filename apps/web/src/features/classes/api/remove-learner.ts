import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { teachingKey } from './keys';
import { teachingPath } from './teaching-path';

export async function removeLearner(clientId: string, classId: string, userId: string) {
  await apiRequest<void>(
    teachingPath(clientId, classId, `/learners/${encodeURIComponent(userId)}`),
    { method: 'DELETE' },
  );
  await invalidateQueries(teachingKey(clientId));
}

export function useRemoveLearner() {
  return useMutation(removeLearner);
}
