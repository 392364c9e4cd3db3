import type { ExamAttempt } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { examPath } from './get-exam';

/** Hands the attempt in for grading. Idempotent: a second call returns the graded attempt. */
export function submitExam(attemptId: string): Promise<ExamAttempt> {
  return apiRequest<ExamAttempt>(`${examPath(attemptId)}/submit`, { method: 'POST' });
}

export function useSubmitExam() {
  return useMutation(submitExam);
}
