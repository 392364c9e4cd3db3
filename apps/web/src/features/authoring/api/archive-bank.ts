import type { Bank } from '@questa/contracts';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { banksKey, questionDbRequest } from './question-db';

/** Archives a bank (`archived: true`) or restores it; its questions stay either way. */
export function archiveBank(clientId: string, bankId: string, archived: boolean): Promise<Bank> {
  const action = archived ? 'archive' : 'restore';
  return questionDbRequest<Bank>(clientId, `/banks/${encodeURIComponent(bankId)}/${action}`, {
    method: 'POST',
  });
}

async function archiveAndRefetch(clientId: string, bankId: string, archived: boolean) {
  const bank = await archiveBank(clientId, bankId, archived);
  await invalidateQueries(banksKey(clientId));
  return bank;
}

export function useArchiveBank() {
  return useMutation(archiveAndRefetch);
}
