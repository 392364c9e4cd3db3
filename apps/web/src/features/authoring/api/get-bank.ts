import type { Bank } from '@questa/contracts';
import { useQuery } from '../../../lib/use-query';
import { bankKey, questionDbRequest } from './question-db';

export function getBank(clientId: string, bankId: string): Promise<Bank> {
  return questionDbRequest<Bank>(clientId, `/banks/${encodeURIComponent(bankId)}`);
}

export function useBank(clientId: string, bankId: string) {
  return useQuery(bankKey(clientId, bankId), () => getBank(clientId, bankId));
}
