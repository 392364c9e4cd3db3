import { useMutation } from '../../../../lib/use-mutation';
import { invalidateQueries } from '../../../../lib/use-query';
import { questionDbRequest } from '../../api/question-db';
import { passagesKey } from './list-passages';

/** Refused with passage.in_use while a question still refers to the passage. */
export async function deletePassage(clientId: string, passageId: string): Promise<void> {
  await questionDbRequest<null>(clientId, `/passages/${encodeURIComponent(passageId)}`, {
    method: 'DELETE',
  });
}

async function deleteAndRefetch(clientId: string, bankId: string, passageId: string) {
  await deletePassage(clientId, passageId);
  await invalidateQueries(passagesKey(clientId, bankId));
}

export function useDeletePassage() {
  return useMutation(deleteAndRefetch);
}
