import type { ExamReview } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { examPath } from './get-exam';

export const examReviewQueryKey = (attemptId: string) => `exams/${attemptId}/review`;

/** A submitted attempt's score and, as its review policy allows, answers and explanations. */
export function getExamReview(attemptId: string): Promise<ExamReview> {
  return apiGet<ExamReview>(`${examPath(attemptId)}/review`);
}

export function useExamReview(attemptId: string) {
  return useQuery(examReviewQueryKey(attemptId), () => getExamReview(attemptId));
}
