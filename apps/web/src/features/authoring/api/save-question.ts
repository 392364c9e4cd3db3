import type { QuestionContent, QuestionDetail } from '@questa/contracts';
import { questionDbRequest } from './question-db';

/** Saves the content; refused with conflict.version when the question changed since `expectedRevision`. */
export function saveQuestion(
  clientId: string,
  questionId: string,
  content: QuestionContent,
  expectedRevision: number,
): Promise<QuestionDetail> {
  return questionDbRequest<QuestionDetail>(
    clientId,
    `/questions/${encodeURIComponent(questionId)}`,
    { method: 'PUT', body: { content, expectedRevision } },
  );
}
