import type { QuestionDetail } from '@questa/contracts';
import { useQuery } from '../../../lib/use-query';
import { questionDbRequest, questionKey } from './question-db';

export function getQuestion(clientId: string, questionId: string): Promise<QuestionDetail> {
  return questionDbRequest<QuestionDetail>(
    clientId,
    `/questions/${encodeURIComponent(questionId)}`,
  );
}

export function useQuestion(clientId: string, questionId: string) {
  return useQuery(questionKey(clientId, questionId), () => getQuestion(clientId, questionId));
}
