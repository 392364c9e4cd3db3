import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { sql } from '@questa/db';
import type { IdentityDb } from '../../identity-db';

/** How long a retired key stays published: far longer than any token it signed lives. */
const RETIRED_KEY_GRACE = '1 day';

async function newSigningKey(): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomBytes(12).toString('base64url');
  return { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid };
}

/** Loads the provider's keys, creating the first ones when the database has none. */
export function createKeyRepository(db: IdentityDb) {
  const insertSigningKey = async (executor: IdentityDb, jwk: JWK & { kid: string }) => {
    await executor
      .insertInto('signing_keys')
      .values({ kid: jwk.kid, private_jwk: JSON.stringify(jwk) as unknown as JWK })
      .execute();
  };

  return {
    /** Published keys, newest first: the provider signs with the first one. */
    async signingKeys(): Promise<JWK[]> {
      const existing = await db
        .selectFrom('signing_keys')
        .select(['private_jwk', 'retired_at'])
        .where((eb) =>
          eb.or([
            eb('retired_at', 'is', null),
            eb('retired_at', '>', sql<string>`now() - ${RETIRED_KEY_GRACE}::interval`),
          ]),
        )
        .orderBy(sql`retired_at is null`, 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      if (existing.some((row) => row.retired_at === null)) {
        return existing.map((row) => row.private_jwk);
      }
      // Two processes starting together may both generate; both keys are then published.
      await insertSigningKey(db, await newSigningKey());
      return this.signingKeys();
    },

    /** Adds a new signing key and retires every older one. */
    async rotateSigningKey(): Promise<string> {
      const jwk = await newSigningKey();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('signing_keys')
          .set({ retired_at: sql<string>`now()` })
          .where('retired_at', 'is', null)
          .execute();
        await insertSigningKey(tx, jwk);
      });
      return jwk.kid;
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

export type KeyRepository = ReturnType<typeof createKeyRepository>;
