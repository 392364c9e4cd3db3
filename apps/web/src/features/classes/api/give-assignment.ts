import type { Assignment, AssignmentInput } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { classKey } from './keys';
import { teachingPath } from './teaching-path';

export async function giveAssignment(
  clientId: string,
  classId: string,
  input: AssignmentInput,
): Promise<Assignment> {
  const given = await apiRequest<Assignment>(teachingPath(clientId, classId, '/assignments'), {
    method: 'POST',
    body: input,
  });
  await invalidateQueries(classKey(clientId, classId));
  return given;
}

export function useGiveAssignment() {
  return useMutation(giveAssignment);
}
