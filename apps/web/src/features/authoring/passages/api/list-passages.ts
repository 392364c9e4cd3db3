import type { PassageList } from '@questa/contracts';
import { useQuery } from '../../../../lib/use-query';
import { bankKey, questionDbRequest } from '../../api/question-db';

// Under the bank's key: refreshing a bank (an import, a move) refreshes its passages too.
export const passagesKey = (clientId: string, bankId: string) =>
  `${bankKey(clientId, bankId)}/passages`;

export function listPassages(clientId: string, bankId: string): Promise<PassageList> {
  return questionDbRequest<PassageList>(clientId, `/banks/${encodeURIComponent(bankId)}/passages`);
}

export function usePassages(clientId: string, bankId: string) {
  return useQuery(passagesKey(clientId, bankId), () => listPassages(clientId, bankId));
}
