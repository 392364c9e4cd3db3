import type { ExamAttempt } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';

export const examPath = (attemptId: string) => `/exams/${encodeURIComponent(attemptId)}`;

/**
 * An attempt with its questions and saved responses. Not cached: what is saved changes with every
 * answer, and a page must never start from an old copy.
 */
export function getExam(attemptId: string, signal?: AbortSignal): Promise<ExamAttempt> {
  return apiGet<ExamAttempt>(examPath(attemptId), { signal });
}
