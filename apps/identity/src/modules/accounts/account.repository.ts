import { sql } from '@questa/db';
import type { IdentityDb } from '../../identity-db';

export interface Account {
  id: string;
  email: string;
  displayName: string;
  passwordHash: string;
  roles: string[];
  emailVerified: boolean;
}

const columns = [
  'id',
  'email',
  'display_name',
  'password_hash',
  'roles',
  'email_verified_at',
] as const;

const toAccount = (row: {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  roles: string[];
  email_verified_at: string | null;
}): Account => ({
  id: row.id,
  email: row.email,
  displayName: row.display_name,
  passwordHash: row.password_hash,
  roles: row.roles,
  emailVerified: row.email_verified_at !== null,
});

export function createAccountRepository(db: IdentityDb) {
  return {
    async findById(id: string): Promise<Account | undefined> {
      // Subjects come from tokens and cookies; anything that is not a uuid names no account.
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
        return undefined;
      const row = await db
        .selectFrom('accounts')
        .select(columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async findByEmail(email: string): Promise<Account | undefined> {
      const row = await db
        .selectFrom('accounts')
        .select(columns)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row && toAccount(row);
    },

    /** Inserts the account unless the email is taken; returns its id, or undefined when taken. */
    async create(input: {
      email: string;
      displayName: string;
      passwordHash: string;
      roles?: string[];
      verified?: boolean;
    }): Promise<string | undefined> {
      const row = await db
        .insertInto('accounts')
        .values({
          email: input.email,
          display_name: input.displayName,
          password_hash: input.passwordHash,
          roles: input.roles ?? [],
          email_verified_at: input.verified ? sql<string>`now()` : null,
        })
        .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async markEmailVerified(id: string): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ email_verified_at: sql<string>`coalesce(email_verified_at, now())` })
        .where('id', '=', id)
        .execute();
    },

    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the account and its mailed links; false when there was none. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('accounts').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
