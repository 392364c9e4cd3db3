import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

/** Sign-ins in flight expire after ten minutes, as the provider's authorization codes do. */
const LIFETIME = sql`interval '10 minutes'`;

export function createLoginAttemptRepository(db: ApiDb) {
  return {
    async create(attempt: {
      state: string;
      codeVerifier: string;
      nonce: string;
      returnTo: string;
    }) {
      await db
        .deleteFrom('login_attempts')
        .where('created_at', '<', sql<string>`now() - ${LIFETIME}`)
        .execute();
      await db
        .insertInto('login_attempts')
        .values({
          state: attempt.state,
          code_verifier: attempt.codeVerifier,
          nonce: attempt.nonce,
          return_to: attempt.returnTo,
        })
        .execute();
    },

    /** Returns the attempt and deletes it: a state is good for one callback only. */
    take(state: string) {
      return db
        .deleteFrom('login_attempts')
        .where('state', '=', state)
        .where('created_at', '>=', sql<string>`now() - ${LIFETIME}`)
        .returning(['code_verifier as codeVerifier', 'nonce', 'return_to as returnTo'])
        .executeTakeFirst();
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;
