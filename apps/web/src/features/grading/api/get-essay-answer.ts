import type { GradingDetail } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { gradingKey, gradingPath } from './list-grading-queue';

export const essayAnswerKey = (clientId: string, attemptId: string, position: number) =>
  `${gradingKey(clientId)}/answer/${attemptId}/${position}`;

/** One essay answer with its question, rubric and model answer, as a grader reads it. */
export function getEssayAnswer(
  clientId: string,
  attemptId: string,
  position: number,
): Promise<GradingDetail> {
  return apiGet<GradingDetail>(
    `${gradingPath(clientId)}/${encodeURIComponent(attemptId)}/${position}`,
  );
}

export function useEssayAnswer(clientId: string, attemptId: string, position: number) {
  return useQuery(essayAnswerKey(clientId, attemptId, position), () =>
    getEssayAnswer(clientId, attemptId, position),
  );
}
