import type { TeachingClass } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { teachingKey } from './keys';
import { teachingPath } from './teaching-path';

export async function archiveClass(clientId: string, classId: string): Promise<TeachingClass> {
  const archived = await apiRequest<TeachingClass>(teachingPath(clientId, classId, '/archive'), {
    method: 'POST',
  });
  await invalidateQueries(teachingKey(clientId));
  return archived;
}

export function useArchiveClass() {
  return useMutation(archiveClass);
}
