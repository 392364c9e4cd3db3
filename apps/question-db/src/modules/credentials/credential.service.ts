import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { createdCredential, credentialList, CredentialScope } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { formatApiKey, generateSecret, hashSecret } from '../auth/api-key';
import type { CredentialRepository } from './credential.repository';

export function createCredentialService(deps: { credentials: CredentialRepository }) {
  const { credentials } = deps;
  return {
    async list(clientId: string): Promise<z.infer<typeof credentialList>> {
      return { credentials: await credentials.list(clientId) };
    },

    /** A new API key for the tenant. Its secret is in the answer and nowhere else, ever. */
    async create(
      clientId: string,
      scopes: readonly CredentialScope[],
    ): Promise<z.infer<typeof createdCredential>> {
      const id = randomUUID();
      const secret = generateSecret();
      const credential = await credentials.create({
        id,
        clientId,
        secretHash: hashSecret(secret),
        scopes: [...new Set(scopes)].sort(),
      });
      return { ...credential, secret: formatApiKey(id, secret) };
    },

    async revoke(clientId: string, credentialId: string): Promise<void> {
      if (!(await credentials.revoke(clientId, credentialId))) {
        throw new HttpProblem('not_found', { detail: 'This tenant has no such credential.' });
      }
    },
  };
}

export type CredentialService = ReturnType<typeof createCredentialService>;
