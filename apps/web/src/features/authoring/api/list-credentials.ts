import type { credentialList } from '@questa/contracts';
import type { Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { credentialsKey, questionDbRequest } from './question-db';

export type CredentialList = Parsed<typeof credentialList>;
export type Credential = CredentialList['credentials'][number];

export function listCredentials(clientId: string): Promise<CredentialList> {
  return questionDbRequest<CredentialList>(clientId, '/credentials');
}

export function useCredentials(clientId: string) {
  return useQuery(credentialsKey(clientId), () => listCredentials(clientId));
}
