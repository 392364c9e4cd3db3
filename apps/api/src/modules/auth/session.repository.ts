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
  /** When the access token should be refreshed: a little before it expires. */
  refreshAt: number;
  createdAt: string;
  lastSeenAt: number;
  expiresAt: number;
  userAgent: string;
  ip: string;
  /** The user's session generation when the session opened; it counts while they are equal. */
  generation: number;
  /** The identity provider's session it came from (`sid`), when the provider names one. */
  idpSid: string | null;
}

const columns = [
  'id_hash as idHash',
  'user_id as userId',
  'access_token as accessToken',
  'refresh_token as refreshToken',
  'id_token as idToken',
  'access_expires_at as accessExpiresAt',
  'access_refresh_at as refreshAt',
  'created_at as createdAt',
  'last_seen_at as lastSeenAt',
  'expires_at as expiresAt',
  'user_agent as userAgent',
  'ip',
  'generation',
  'idp_sid as idpSid',
] as const;

/** The same columns, named by table for queries that join the session's user. */
const sessionColumns = columns.map((column) => `sessions.${column}` as const);

const toSession = (row: {
  idHash: string;
  userId: string;
  accessToken: string;
  refreshToken: string | null;
  idToken: string;
  accessExpiresAt: string;
  refreshAt: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string;
  ip: string;
  generation: number;
  idpSid: string | null;
}): StoredSession => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  accessExpiresAt: Date.parse(row.accessExpiresAt),
  // Sessions from before refresh times were stored: a minute before expiry, as it was then.
  refreshAt: row.refreshAt ? Date.parse(row.refreshAt) : Date.parse(row.accessExpiresAt) - 60_000,
  lastSeenAt: Date.parse(row.lastSeenAt),
  expiresAt: Date.parse(row.expiresAt),
});

export function createSessionRepository(db: ApiDb) {
  return {
    async create(session: {
      idHash: string;
      userId: string;
      tokens: TokenSet;
      refreshAt: number;
      expiresAt: number;
      userAgent: string;
      ip: string;
      idpSid?: string | undefined;
    }) {
      await db
        .insertInto('sessions')
        .values((eb) => ({
          id_hash: session.idHash,
          user_id: session.userId,
          access_token: session.tokens.accessToken,
          refresh_token: session.tokens.refreshToken ?? null,
          id_token: session.tokens.idToken,
          access_expires_at: new Date(session.tokens.accessExpiresAt).toISOString(),
          access_refresh_at: new Date(session.refreshAt).toISOString(),
          expires_at: new Date(session.expiresAt).toISOString(),
          user_agent: session.userAgent.slice(0, 300),
          ip: session.ip,
          idp_sid: session.idpSid ?? null,
          // Born into the user's current generation: ending sessions later moves it on.
          generation: eb
            .selectFrom('users')
            .select('session_generation')
            .where('id', '=', session.userId),
        }))
        .execute();
    },

    /** The session, while it still counts: gone, or of an ended generation, is undefined. */
    async find(idHash: string): Promise<StoredSession | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(sessionColumns)
        .where('sessions.id_hash', '=', idHash)
        .whereRef('sessions.generation', '=', 'users.session_generation')
        .executeTakeFirst();
      return row && toSession(row);
    },

    /**
     * The sessions among `idHashes` that still count, in one statement: requests arriving together
     * are checked together, so a busy process pays one round trip for many of them.
     */
    async findMany(idHashes: readonly string[]): Promise<StoredSession[]> {
      if (idHashes.length === 0) return [];
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(sessionColumns)
        .where('sessions.id_hash', 'in', [...idHashes])
        .whereRef('sessions.generation', '=', 'users.session_generation')
        .execute();
      return rows.map(toSession);
    },

    /** The user's sessions that still count: of the current generation, not idle or too old. */
    async listForUser(userId: string, idleMs: number): Promise<StoredSession[]> {
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(sessionColumns)
        .where('sessions.user_id', '=', userId)
        .whereRef('sessions.generation', '=', 'users.session_generation')
        .where('sessions.expires_at', '>', sql<string>`now()`)
        .where(
          'sessions.last_seen_at',
          '>',
          sql<string>`now() - ${`${idleMs} milliseconds`}::interval`,
        )
        .orderBy('sessions.last_seen_at', 'desc')
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
     * Claims the right to refresh the session's access token for `leaseMs`, so that two requests
     * (or two processes) never spend the same refresh token: rotation would treat the second use
     * as theft. The claim is one statement, so no lock is held while the provider is asked.
     * Undefined when the session is gone or another claim is still running.
     */
    async claimRefresh(idHash: string, leaseMs: number): Promise<StoredSession | undefined> {
      const row = await db
        .updateTable('sessions')
        .set({ refresh_lease_until: sql<string>`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where('id_hash', '=', idHash)
        .where((eb) =>
          eb.or([
            eb('refresh_lease_until', 'is', null),
            eb('refresh_lease_until', '<', sql<string>`now()`),
          ]),
        )
        .returning(columns)
        .executeTakeFirst();
      return row && toSession(row);
    },

    /** Stores refreshed tokens and ends the claim. */
    async saveRefreshed(idHash: string, tokens: TokenSet, refreshAt: number) {
      await db
        .updateTable('sessions')
        .set({
          access_token: tokens.accessToken,
          refresh_token: tokens.refreshToken ?? null,
          id_token: tokens.idToken,
          access_expires_at: new Date(tokens.accessExpiresAt).toISOString(),
          access_refresh_at: new Date(refreshAt).toISOString(),
          refresh_lease_until: null,
        })
        .where('id_hash', '=', idHash)
        .execute();
    },

    /** Ends a claim without new tokens, e.g. when the provider could not be reached. */
    async releaseRefresh(idHash: string) {
      await db
        .updateTable('sessions')
        .set({ refresh_lease_until: null })
        .where('id_hash', '=', idHash)
        .execute();
    },

    async delete(idHash: string) {
      return db
        .deleteFrom('sessions')
        .where('id_hash', '=', idHash)
        .returning(['refresh_token as refreshToken', 'id_token as idToken'])
        .executeTakeFirst();
    },

    /**
     * Ends every session of the user: moving the generation on ends them for every process at
     * its next lookup, even one that reads before the rows are gone; the rows go next.
     */
    async endAllForUser(userId: string) {
      await db
        .updateTable('users')
        .set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
        .where('id', '=', userId)
        .execute();
      return db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .returning(['id_hash as idHash', 'refresh_token as refreshToken'])
        .execute();
    },

    /** Questa's user id of the provider's subject, if they ever signed in here. */
    async userIdOfSub(sub: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('sub', '=', sub)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Records a logout token's id; false when it was recorded before (a replay). Ids of tokens too
     * old to be accepted anyway are dropped on the way.
     */
    async firstUseOfLogoutToken(jti: string, acceptedUntil: Date): Promise<boolean> {
      await db
        .deleteFrom('logout_tokens_seen')
        .where('forget_after', '<', new Date().toISOString())
        .execute();
      const inserted = await db
        .insertInto('logout_tokens_seen')
        .values({ jti, forget_after: acceptedUntil.toISOString() })
        .onConflict((conflict) => conflict.column('jti').doNothing())
        .returning('jti')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Ends the sessions opened through one session at the identity provider. */
    async endForIdpSession(sid: string, userId?: string) {
      let query = db.deleteFrom('sessions').where('idp_sid', '=', sid);
      if (userId) query = query.where('user_id', '=', userId);
      return query.returning(['id_hash as idHash', 'refresh_token as refreshToken']).execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
