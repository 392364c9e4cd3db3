import { sql } from '@questa/db';
import type { IdentityDb } from '../../identity-db';

export type EmailTokenPurpose = 'verify' | 'reset';

export function createEmailTokenRepository(db: IdentityDb) {
  return {
    async create(input: {
      tokenHash: string;
      accountId: string;
      purpose: EmailTokenPurpose;
      ttlMs: number;
    }): Promise<void> {
      await db
        .insertInto('email_tokens')
        .values({
          token_hash: input.tokenHash,
          account_id: input.accountId,
          purpose: input.purpose,
          expires_at: new Date(Date.now() + input.ttlMs).toISOString(),
        })
        .execute();
    },

    /** The account a usable token belongs to, without using it up. */
    async peek(tokenHash: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
      const row = await db
        .selectFrom('email_tokens')
        .select('account_id')
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date().toISOString())
        .executeTakeFirst();
      return row?.account_id;
    },

    /** Uses the token up in one statement, so two clicks on one link cannot both succeed. */
    async consume(tokenHash: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
      const row = await db
        .updateTable('email_tokens')
        .set({ used_at: sql<string>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date().toISOString())
        .returning('account_id')
        .executeTakeFirst();
      return row?.account_id;
    },

    /** The account of a token that was already used, to tell "done already" from "invalid". */
    async findUsed(tokenHash: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
      const row = await db
        .selectFrom('email_tokens')
        .select('account_id')
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is not', null)
        .executeTakeFirst();
      return row?.account_id;
    },

    /** Retires every open token of one purpose, e.g. all reset links once the password changed. */
    async retireAll(accountId: string, purpose: EmailTokenPurpose): Promise<void> {
      await db
        .updateTable('email_tokens')
        .set({ used_at: sql<string>`now()` })
        .where('account_id', '=', accountId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export type EmailTokenRepository = ReturnType<typeof createEmailTokenRepository>;
