import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';
import type { TokenSet } from '../../adapters/oidc-client';

export interface StoredSession {
  idHash: string;
  userId: string;
  accessToken: string;
  refreshToken: string | null;
  idToken: string;
  accessExpiresAt: number;
  createdAt: string;
  lastSeenAt: number;
  expiresAt: number;
  userAgent: string;
  ip: string;
}

const columns = [
  'id_hash as idHash',
  'user_id as userId',
  'access_token as accessToken',
  'refresh_token as refreshToken',
  'id_token as idToken',
  'access_expires_at as accessExpiresAt',
  'created_at as createdAt',
  'last_seen_at as lastSeenAt',
  'expires_at as expiresAt',
  'user_agent as userAgent',
  'ip',
] as const;

const toSession = (row: {
  idHash: string;
  userId: string;
  accessToken: string;
  refreshToken: string | null;
  idToken: string;
  accessExpiresAt: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string;
  ip: string;
}): StoredSession => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  accessExpiresAt: Date.parse(row.accessExpiresAt),
  lastSeenAt: Date.parse(row.lastSeenAt),
  expiresAt: Date.parse(row.expiresAt),
});

export function createSessionRepository(db: ApiDb) {
  return {
    async create(session: {
      idHash: string;
      userId: string;
      tokens: TokenSet;
      expiresAt: number;
      userAgent: string;
      ip: string;
    }) {
      await db
        .insertInto('sessions')
        .values({
          id_hash: session.idHash,
          user_id: session.userId,
          access_token: session.tokens.accessToken,
          refresh_token: session.tokens.refreshToken ?? null,
          id_token: session.tokens.idToken,
          access_expires_at: new Date(session.tokens.accessExpiresAt).toISOString(),
          expires_at: new Date(session.expiresAt).toISOString(),
          user_agent: session.userAgent.slice(0, 300),
          ip: session.ip,
        })
        .execute();
    },

    async find(idHash: string): Promise<StoredSession | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(columns)
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      return row && toSession(row);
    },

    async listForUser(userId: string): Promise<StoredSession[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .execute();
      return rows.map(toSession);
    },

    async touch(idHash: string) {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: sql<string>`now()` })
        .where('id_hash', '=', idHash)
        .execute();
    },

    /**
     * Runs `work` holding a lock on one session, so that two requests (or two processes) never
     * spend the same refresh token: rotation would treat the second use as theft.
     */
    async withLock<T>(
      idHash: string,
      work: (
        current: StoredSession | undefined,
        save: (tokens: TokenSet) => Promise<void>,
      ) => Promise<T>,
    ) {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`session:${idHash}`}))`.execute(trx);
        const row = await trx
          .selectFrom('sessions')
          .select(columns)
          .where('id_hash', '=', idHash)
          .executeTakeFirst();
        return work(row && toSession(row), async (tokens) => {
          await trx
            .updateTable('sessions')
            .set({
              access_token: tokens.accessToken,
              refresh_token: tokens.refreshToken ?? null,
              id_token: tokens.idToken,
              access_expires_at: new Date(tokens.accessExpiresAt).toISOString(),
            })
            .where('id_hash', '=', idHash)
            .execute();
        });
      });
    },

    async delete(idHash: string) {
      return db
        .deleteFrom('sessions')
        .where('id_hash', '=', idHash)
        .returning(['refresh_token as refreshToken', 'id_token as idToken'])
        .executeTakeFirst();
    },

    async deleteForUser(userId: string) {
      return db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .returning(['id_hash as idHash', 'refresh_token as refreshToken'])
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
