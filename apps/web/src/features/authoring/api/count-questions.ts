import type { QuestionCount, QuestionFilters } from '@questa/contracts';
import { useQuery } from '../../../lib/use-query';
import { bankKey, questionDbRequest } from './question-db';
import { filterQuery } from './list-questions';

/** How many of a bank's questions pass the filters, over all the list's pages. */
export function countQuestions(
  clientId: string,
  bankId: string,
  filters: QuestionFilters,
): Promise<QuestionCount> {
  return questionDbRequest<QuestionCount>(
    clientId,
    `/questions/count?${filterQuery(bankId, filters)}`,
  );
}

export function useQuestionCount(clientId: string, bankId: string, filters: QuestionFilters) {
  const key = `${bankKey(clientId, bankId)}/count?${filterQuery(bankId, filters)}`;
  return useQuery(key, () => countQuestions(clientId, bankId, filters));
}
