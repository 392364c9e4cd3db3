import type { TeachingClass } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { teachingKey } from './keys';
import { teachingPath } from './teaching-path';

export async function createClass(clientId: string, name: string): Promise<TeachingClass> {
  const created = await apiRequest<TeachingClass>(teachingPath(clientId), {
    method: 'POST',
    body: { name },
  });
  await invalidateQueries(teachingKey(clientId));
  return created;
}

export function useCreateClass() {
  return useMutation(createClass);
}
