import type { PassageContentInput, PassageDetail } from '@questa/contracts';
import { useMutation } from '../../../../lib/use-mutation';
import { invalidateQueries } from '../../../../lib/use-query';
import { questionDbRequest } from '../../api/question-db';
import { passagesKey } from './list-passages';

/** Saves a new version; a stale `expectedRevision` is refused with conflict.version. */
export function savePassage(
  clientId: string,
  passage: { id: string; revision: number },
  content: PassageContentInput,
): Promise<PassageDetail> {
  return questionDbRequest<PassageDetail>(clientId, `/passages/${encodeURIComponent(passage.id)}`, {
    method: 'PUT',
    body: { content, expectedRevision: passage.revision },
  });
}

async function saveAndRefetch(
  clientId: string,
  bankId: string,
  passage: { id: string; revision: number },
  content: PassageContentInput,
) {
  const saved = await savePassage(clientId, passage, content);
  await invalidateQueries(passagesKey(clientId, bankId));
  return saved;
}

export function useSavePassage() {
  return useMutation(saveAndRefetch);
}
