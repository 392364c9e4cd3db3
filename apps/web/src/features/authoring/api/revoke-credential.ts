import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { credentialsKey, questionDbRequest } from './question-db';

export function revokeCredential(clientId: string, credentialId: string): Promise<void> {
  return questionDbRequest<void>(clientId, `/credentials/${encodeURIComponent(credentialId)}`, {
    method: 'DELETE',
  });
}

async function revokeAndRefetch(clientId: string, credentialId: string) {
  await revokeCredential(clientId, credentialId);
  await invalidateQueries(credentialsKey(clientId));
}

export function useRevokeCredential() {
  return useMutation(revokeAndRefetch);
}
