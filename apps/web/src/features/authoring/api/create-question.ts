import type { QuestionContent, QuestionDetail } from '@questa/contracts';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries, setQueryData } from '../../../lib/use-query';
import { banksKey, questionDbRequest, questionKey } from './question-db';

export function createQuestion(
  clientId: string,
  bankId: string,
  content: QuestionContent,
): Promise<QuestionDetail> {
  return questionDbRequest<QuestionDetail>(
    clientId,
    `/banks/${encodeURIComponent(bankId)}/questions`,
    { method: 'POST', body: { content } },
  );
}

async function createAndRemember(clientId: string, bankId: string, content: QuestionContent) {
  const question = await createQuestion(clientId, bankId, content);
  // The editor opens next and can show the new question without asking for it again.
  setQueryData(questionKey(clientId, question.id), question);
  void invalidateQueries(banksKey(clientId));
  return question;
}

export function useCreateQuestion() {
  return useMutation(createAndRemember);
}
