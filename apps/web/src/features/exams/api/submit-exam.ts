import type { ExamAttempt } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { progressQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { examPath } from './get-exam';

/** Hands the attempt in for grading. Idempotent: a second call returns the graded attempt. */
export function submitExam(attemptId: string): Promise<ExamAttempt> {
  return apiRequest<ExamAttempt>(`${examPath(attemptId)}/submit`, { method: 'POST' });
}

async function submitAndRefresh(attemptId: string) {
  const attempt = await submitExam(attemptId);
  // The graded answers now count in the learner's progress.
  void invalidateQueries(progressQueryKey);
  return attempt;
}

export function useSubmitExam() {
  return useMutation(submitAndRefresh);
}
