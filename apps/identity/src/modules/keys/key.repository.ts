import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Generated, Kysely } from '@questa/db';

export interface IdentityTables {
  signing_keys: {
    kid: string;
    private_jwk: JWK;
    created_at: Generated<string>;
    retired_at: string | null;
  };
  cookie_keys: { id: Generated<number>; secret: string; created_at: Generated<string> };
}

export type IdentityDb = Kysely<IdentityTables>;

/** Loads the provider's keys, creating the first ones when the database has none. */
export function createKeyRepository(db: IdentityDb) {
  return {
    async signingKeys(): Promise<JWK[]> {
      const existing = await db
        .selectFrom('signing_keys')
        .select('private_jwk')
        .where('retired_at', 'is', null)
        .orderBy('created_at', 'desc')
        .execute();
      if (existing.length > 0) return existing.map((row) => row.private_jwk);
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig' };
      const kid = randomBytes(12).toString('base64url');
      // Two processes starting together may both generate; the first insert wins, both read it.
      await db
        .insertInto('signing_keys')
        .values({ kid, private_jwk: JSON.stringify({ ...jwk, kid }) as unknown as JWK })
        .execute();
      return this.signingKeys();
    },

    async cookieKeys(): Promise<string[]> {
      const existing = await db
        .selectFrom('cookie_keys')
        .select('secret')
        .orderBy('id', 'desc')
        .execute();
      if (existing.length > 0) return existing.map((row) => row.secret);
      await db
        .insertInto('cookie_keys')
        .values({ secret: randomBytes(32).toString('base64url') })
        .execute();
      return this.cookieKeys();
    },
  };
}
