import type { QuestionDetail, questionTransitions } from '@questa/contracts';
import { questionDbRequest } from './question-db';

export type QuestionAction = (typeof questionTransitions)[number];

export function transitionQuestion(
  clientId: string,
  questionId: string,
  action: QuestionAction,
  expectedRevision: number,
): Promise<QuestionDetail> {
  return questionDbRequest<QuestionDetail>(
    clientId,
    `/questions/${encodeURIComponent(questionId)}/transitions`,
    { method: 'POST', body: { action, expectedRevision } },
  );
}
