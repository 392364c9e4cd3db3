import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { banksKey, questionDbRequest } from './question-db';

/** Deletes a bank with its drafts; refused with bank.has_published once a question was published. */
export function deleteBank(clientId: string, bankId: string): Promise<void> {
  return questionDbRequest<void>(clientId, `/banks/${encodeURIComponent(bankId)}`, {
    method: 'DELETE',
  });
}

async function deleteAndRefetch(clientId: string, bankId: string) {
  await deleteBank(clientId, bankId);
  await invalidateQueries(banksKey(clientId));
}

export function useDeleteBank() {
  return useMutation(deleteAndRefetch);
}
