import type { Database } from '@questa/db';
import { identityDb } from '../../identity-db';
import { createKeyRepository } from './key.repository';

/**
 * Adds a new signing key and retires the older ones. Retired keys stay in the JWKS for a day so
 * tokens they signed still verify; processes sign with the new key from their next start.
 */
export async function rotateSigningKey(database: Database): Promise<{ kid: string }> {
  return { kid: await createKeyRepository(identityDb(database)).rotateSigningKey() };
}
