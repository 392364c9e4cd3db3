import type { createdCredential, CredentialScope } from '@questa/contracts';
import type { Parsed } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { credentialsKey, questionDbRequest } from './question-db';

export type CreatedCredential = Parsed<typeof createdCredential>;

/** Creates an API key. Its secret is in this answer only: the server keeps just a hash. */
export function createCredential(
  clientId: string,
  scopes: CredentialScope[],
): Promise<CreatedCredential> {
  return questionDbRequest<CreatedCredential>(clientId, '/credentials', {
    method: 'POST',
    body: { scopes },
  });
}

async function createAndRefetch(clientId: string, scopes: CredentialScope[]) {
  const created = await createCredential(clientId, scopes);
  await invalidateQueries(credentialsKey(clientId));
  return created;
}

export function useCreateCredential() {
  return useMutation(createAndRefetch);
}
