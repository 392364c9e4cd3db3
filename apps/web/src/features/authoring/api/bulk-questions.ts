import type { QuestionBulk, QuestionBulkResult } from '@questa/contracts';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { banksKey, questionDbRequest } from './question-db';

/** Applies one action to many of a bank's questions; the answer says which changed and why not. */
export function bulkQuestions(
  clientId: string,
  bankId: string,
  body: QuestionBulk,
): Promise<QuestionBulkResult> {
  return questionDbRequest<QuestionBulkResult>(
    clientId,
    `/banks/${encodeURIComponent(bankId)}/questions/bulk`,
    { method: 'POST', body },
  );
}

async function bulkAndRefetch(clientId: string, bankId: string, body: QuestionBulk) {
  const result = await bulkQuestions(clientId, bankId, body);
  // Statuses, counts and (after a move) two banks' lists changed; a question open elsewhere too.
  await Promise.all([
    invalidateQueries(banksKey(clientId)),
    invalidateQueries(`qdb/${clientId}/questions`),
  ]);
  return result;
}

export function useBulkQuestions() {
  return useMutation(bulkAndRefetch);
}
