import type { PassageContentInput, PassageDetail } from '@questa/contracts';
import { useMutation } from '../../../../lib/use-mutation';
import { invalidateQueries } from '../../../../lib/use-query';
import { questionDbRequest } from '../../api/question-db';
import { passagesKey } from './list-passages';

export function createPassage(
  clientId: string,
  bankId: string,
  content: PassageContentInput,
): Promise<PassageDetail> {
  return questionDbRequest<PassageDetail>(
    clientId,
    `/banks/${encodeURIComponent(bankId)}/passages`,
    { method: 'POST', body: { content } },
  );
}

async function createAndRefetch(clientId: string, bankId: string, content: PassageContentInput) {
  const created = await createPassage(clientId, bankId, content);
  await invalidateQueries(passagesKey(clientId, bankId));
  return created;
}

export function useCreatePassage() {
  return useMutation(createAndRefetch);
}
