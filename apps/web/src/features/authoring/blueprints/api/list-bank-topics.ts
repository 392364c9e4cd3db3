import type { CatalogBankDetail, QuestionList } from '@questa/contracts';
import { apiGet } from '../../../../lib/api-client';
import { useQuery } from '../../../../lib/use-query';
import { bankKey, questionDbRequest } from '../../api/question-db';

/** Pages of published questions read for topics when the catalog does not list the bank. */
const maxPages = 5;
const pageSize = 100;

/**
 * The topics exams can draw from: those of the bank's published questions. The catalog counts
 * them for listed (public and premium) banks in one call; a private bank's are read from its
 * published questions, the first few hundred, which is where a topic list of that size ends.
 */
export async function listBankTopics(clientId: string, bankId: string): Promise<string[]> {
  try {
    const bank = await apiGet<CatalogBankDetail>(`/catalog/banks/${encodeURIComponent(bankId)}`);
    return sortTopics(bank.topics.map((topic) => topic.topic));
  } catch {
    // Not in the catalog: a private bank, or one not published yet.
  }
  const topics = new Set<string>();
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const query = new URLSearchParams({ bankId, status: 'published', limit: String(pageSize) });
    if (cursor) query.set('cursor', cursor);
    const list: QuestionList = await questionDbRequest<QuestionList>(
      clientId,
      `/questions?${query}`,
    );
    for (const question of list.questions) topics.add(question.topic);
    cursor = list.nextCursor;
    if (!cursor) break;
  }
  return sortTopics([...topics]);
}

const sortTopics = (topics: string[]) => [...new Set(topics)].sort((a, b) => a.localeCompare(b));

export function useBankTopics(clientId: string, bankId: string) {
  return useQuery(`${bankKey(clientId, bankId)}/topics`, () => listBankTopics(clientId, bankId));
}
