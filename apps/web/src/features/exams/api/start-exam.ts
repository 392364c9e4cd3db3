import type { ExamAttempt } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** Starts a timed attempt on one of a bank's blueprints. Exam mode is premium. */
export function startExam(bankId: string, blueprintId: string): Promise<ExamAttempt> {
  return apiRequest<ExamAttempt>('/exams', { method: 'POST', body: { bankId, blueprintId } });
}

export function useStartExam() {
  return useMutation(startExam);
}
