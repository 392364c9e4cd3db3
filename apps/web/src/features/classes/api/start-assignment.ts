import type { AssignmentStart } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { todoKey } from './keys';

export async function startAssignment(assignmentId: string): Promise<AssignmentStart> {
  const started = await apiRequest<AssignmentStart>(
    `/assignments/${encodeURIComponent(assignmentId)}/start`,
    { method: 'POST' },
  );
  await invalidateQueries(todoKey);
  return started;
}

/** Where the learner goes on with an assignment. */
export const workPath = (started: AssignmentStart) =>
  started.examAttemptId !== null
    ? `/exams/${started.examAttemptId}`
    : started.kind === 'challenge'
      ? `/challenges/${started.practiceSessionId ?? ''}`
      : `/practice/${started.practiceSessionId ?? ''}`;

export function useStartAssignment() {
  return useMutation(startAssignment);
}
