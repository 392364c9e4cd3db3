import type { Bank, BankUpdate } from '@questa/contracts';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { banksKey, questionDbRequest } from './question-db';

export function updateBank(clientId: string, bankId: string, changes: BankUpdate): Promise<Bank> {
  return questionDbRequest<Bank>(clientId, `/banks/${encodeURIComponent(bankId)}`, {
    method: 'PATCH',
    body: changes,
  });
}

async function updateAndRefetch(clientId: string, bankId: string, changes: BankUpdate) {
  const bank = await updateBank(clientId, bankId, changes);
  // The tenant's list shows the title and visibility too, and its key holds the bank's.
  await invalidateQueries(banksKey(clientId));
  return bank;
}

export function useUpdateBank() {
  return useMutation(updateAndRefetch);
}
