import type { QuestionVersion } from '@questa/contracts';
import { useQuery } from '../../../lib/use-query';
import { questionDbRequest, questionKey } from './question-db';

export function listVersions(
  clientId: string,
  questionId: string,
): Promise<{ versions: QuestionVersion[] }> {
  return questionDbRequest(clientId, `/questions/${encodeURIComponent(questionId)}/versions`);
}

/** The versions as of `revision`: each save or workflow step asks again. */
export function useVersions(clientId: string, questionId: string, revision: number) {
  return useQuery(`${questionKey(clientId, questionId)}/versions/${revision}`, () =>
    listVersions(clientId, questionId),
  );
}
