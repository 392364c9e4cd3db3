import type { GradeBody, GradingDetail } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries, setQueryData } from '../../../lib/use-query';
import { essayAnswerKey } from './get-essay-answer';
import { gradingKey, gradingPath } from './list-grading-queue';

/**
 * Grades an essay answer, or grades it again. `gradeVersion` is the one read with the answer: a
 * grade given meanwhile by someone else is refused as `grading.conflict`.
 */
export function gradeEssay(
  clientId: string,
  attemptId: string,
  position: number,
  body: GradeBody,
): Promise<GradingDetail> {
  return apiRequest<GradingDetail>(
    `${gradingPath(clientId)}/${encodeURIComponent(attemptId)}/${position}`,
    { method: 'PUT', body },
  );
}

async function gradeAndShow(
  clientId: string,
  attemptId: string,
  position: number,
  body: GradeBody,
) {
  const graded = await gradeEssay(clientId, attemptId, position, body);
  setQueryData(essayAnswerKey(clientId, attemptId, position), graded);
  void invalidateQueries(`${gradingKey(clientId)}/list`);
  return graded;
}

export function useGradeEssay() {
  return useMutation(gradeAndShow);
}
