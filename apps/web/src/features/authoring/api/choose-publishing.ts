import type { PublishingSettings } from '@questa/contracts';
import { useMutation } from '../../../lib/use-mutation';
import { setQueryData } from '../../../lib/use-query';
import { publishingKey, questionDbRequest } from './question-db';

/** The owner's choice: whether publishing needs a second person's review. */
export function choosePublishing(
  clientId: string,
  secondPerson: boolean,
): Promise<PublishingSettings> {
  return questionDbRequest<PublishingSettings>(clientId, '/publishing', {
    method: 'PUT',
    body: { secondPerson },
  });
}

async function chooseAndKeep(clientId: string, secondPerson: boolean) {
  const saved = await choosePublishing(clientId, secondPerson);
  setQueryData(publishingKey(clientId), saved);
  return saved;
}

export function useChoosePublishing() {
  return useMutation(chooseAndKeep);
}
