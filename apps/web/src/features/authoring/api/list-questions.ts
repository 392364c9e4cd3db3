import type { QuestionFilters, QuestionList } from '@questa/contracts';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { bankKey, questionDbRequest } from './question-db';

const pageSize = 25;

export function filterQuery(bankId: string, filters: QuestionFilters): URLSearchParams {
  const query = new URLSearchParams({ bankId });
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  return query;
}

export function listQuestions(
  clientId: string,
  bankId: string,
  filters: QuestionFilters,
  cursor?: string,
): Promise<QuestionList> {
  const query = filterQuery(bankId, filters);
  query.set('limit', String(pageSize));
  if (cursor) query.set('cursor', cursor);
  return questionDbRequest<QuestionList>(clientId, `/questions?${query}`);
}

export function useQuestions(clientId: string, bankId: string, filters: QuestionFilters) {
  const key = `${bankKey(clientId, bankId)}/questions?${filterQuery(bankId, filters)}`;
  return usePagedQuery(key, (cursor) => listQuestions(clientId, bankId, filters, cursor));
}
