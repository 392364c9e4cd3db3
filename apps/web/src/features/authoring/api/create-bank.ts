import type { Bank, BankInput } from '@questa/contracts';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { banksKey, questionDbRequest } from './question-db';

export function createBank(clientId: string, input: BankInput): Promise<Bank> {
  return questionDbRequest<Bank>(clientId, '/banks', { method: 'POST', body: input });
}

async function createAndRefetch(clientId: string, input: BankInput) {
  const bank = await createBank(clientId, input);
  await invalidateQueries(banksKey(clientId));
  return bank;
}

export function useCreateBank() {
  return useMutation(createAndRefetch);
}
