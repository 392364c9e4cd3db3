import { LRUCache } from 'lru-cache';
import { cacheMetric } from '@questa/http-kit';
import type { SessionInfo } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { Principal } from '@questa/policy';
import type { OidcClient } from '../../adapters/oidc-client';
import { batchedWrites } from '../../db/batched-writes';
import { newNonce, newPkceVerifier, newState } from '../../adapters/oidc-client';
import { InvalidLogoutTokenError } from '../../adapters/logout-token';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import { localBroadcast, type Broadcast } from '../../adapters/broadcast';
import type { AuditRepository } from '../audit/audit.repository';
import type { EntitlementService } from '../entitlements/entitlements';
import type { UserRepository, UserRow } from '../users/user.repository';
import type { LoginAttemptRepository } from './login-attempt.repository';
import { safeReturnTo } from './return-to';
import { hashSessionId, newSessionId } from './session-cookie';
import { createTokenRefresher, refreshTimeOf } from './token-refresh';
import type { SessionRepository, StoredSession } from './session.repository';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sessions and their answers are reused this long; sign-out and role changes clear them at once here. */
const CACHE_MS = 5000;
const TOUCH_EVERY_MS = 60 * 1000;

export interface AuthContext {
  idHash: string;
  session: StoredSession;
  user: UserRow;
}

interface CacheEntry {
  context: AuthContext;
  until: number;
  info?: Promise<{ info: SessionInfo; json: string }>;
}

export interface RequestMeta {
  ip: string;
  userAgent: string;
  requestId: string;
}

export function createAuthService(deps: {
  oidc: OidcClient;
  users: UserRepository;
  sessions: SessionRepository;
  attempts: LoginAttemptRepository;
  audit: AuditRepository;
  questionDb: QuestionDbClient;
  entitlements: Pick<EntitlementService, 'entitlementsOf' | 'billingOf' | 'hostsAsPremium'>;
  /** Whether the identity provider has a page for changing one's password. */
  passwordPage?: boolean;
  /**
   * Tells every API process whose cached sessions to drop; without it, only this one. Other
   * processes would otherwise show old roles or an old plan until their copy expires.
   */
  ownerChanges?: Broadcast;
  /**
   * Asked at every sign-in before the session opens (a pending account deletion is cancelled by
   * it, or refuses it): a path to send the person to instead of where they were going, or
   * undefined. It may throw a problem to refuse the sign-in.
   */
  signedIn?: (userId: string) => Promise<string | undefined>;
}) {
  // Which cached sessions are whose, by user id and by subject, so a change of one person's roles
  // or plan drops theirs without reading the whole cache.
  const owned = new Map<string, Set<string>>();
  const ownerKeys = (entry: CacheEntry) => [
    `id:${entry.context.user.id}`,
    `sub:${entry.context.user.sub}`,
  ];
  // Bounded, the least recently used dropped first; entries also expire after CACHE_MS.
  const cache = new LRUCache<string, CacheEntry>({
    max: 50_000,
    dispose: (entry, idHash) => {
      for (const key of ownerKeys(entry)) {
        const sessions = owned.get(key);
        sessions?.delete(idHash);
        if (sessions?.size === 0) owned.delete(key);
      }
    },
  });
  const lookups = cacheMetric('sessions');
  function remember(idHash: string, entry: CacheEntry) {
    cache.set(idHash, entry);
    for (const key of ownerKeys(entry)) {
      const sessions = owned.get(key) ?? new Set<string>();
      sessions.add(idHash);
      owned.set(key, sessions);
    }
  }
  function forgetOwnerHere(key: string) {
    for (const idHash of [...(owned.get(key) ?? [])]) cache.delete(idHash);
  }
  const ownerChanges = deps.ownerChanges ?? localBroadcast();
  ownerChanges.subscribe(forgetOwnerHere);
  const forgetOwner = (key: string) => ownerChanges.publish(key);

  function forget(idHash: string) {
    cache.delete(idHash);
  }

  // Every request's session is read from the database, so under load these reads are most of a
  // request's round trips: the requests of one turn of the event loop share one statement.
  const findSession = batchedWrites(
    async (idHashes: readonly string[]) => {
      const found = new Map(
        (await deps.sessions.findMany([...new Set(idHashes)])).map((session) => [
          session.idHash,
          session,
        ]),
      );
      return idHashes.map((idHash) => found.get(idHash));
    },
    { maxBatch: 500, name: 'session_lookups' },
  );
  // Whose a session is, read again every few seconds per session: with many learners these
  // reads arrive together as well.
  const findUser = batchedWrites(
    async (ids: readonly string[]) => {
      const found = new Map(
        (await deps.users.findByIds([...new Set(ids)])).map((user) => [user.id, user]),
      );
      return ids.map((id) => found.get(id));
    },
    { maxBatch: 500, name: 'session_users' },
  );

  async function resolveEntry(cookieValue: string): Promise<CacheEntry | undefined> {
    const idHash = hashSessionId(cookieValue);
    const now = Date.now();
    // The database decides on every request whether the session still counts: ending sessions
    // (a password changed, a role taken away) must reach every process at once, and processes
    // share no memory. Only what the session shows (the user, roles, memberships) is reused.
    const session = await findSession(idHash);
    if (!session) {
      forget(idHash);
      return undefined;
    }
    if (session.expiresAt <= now || session.lastSeenAt + SESSION_IDLE_MS <= now) {
      forget(idHash);
      await deps.sessions.delete(idHash);
      return undefined;
    }
    if (now - session.lastSeenAt > TOUCH_EVERY_MS) await deps.sessions.touch(idHash);
    const hit = cache.get(idHash);
    if (hit && hit.until > now && hit.context.session.generation === session.generation) {
      hit.context.session = session;
      lookups.hit();
      return hit;
    }
    lookups.miss();
    const user = await findUser(session.userId);
    if (!user) return undefined;
    const entry: CacheEntry = { context: { idHash, session, user }, until: now + CACHE_MS };
    remember(idHash, entry);
    return entry;
  }

  /** Ends every session of a user, here and, through the database, in every other process. */
  async function endAllSessions(userId: string) {
    const removed = await deps.sessions.endAllForUser(userId);
    for (const session of removed) forget(session.idHash);
    return removed;
  }

  const refresher = createTokenRefresher({ sessions: deps.sessions, oidc: deps.oidc });

  /** A valid access token for the session; a refresh drops the cached session that held the old one. */
  async function accessToken(context: AuthContext): Promise<string> {
    const token = await refresher.accessToken(context.session);
    if (token !== context.session.accessToken) forget(context.idHash);
    return token;
  }

  async function buildInfo(context: AuthContext, requestId: string) {
    const memberships = await deps.questionDb.myMemberships(await accessToken(context), requestId);
    const info: SessionInfo = {
      user: {
        id: context.user.id,
        sub: context.user.sub,
        email: context.user.email,
        displayName: context.user.displayName,
        roles: context.user.roles,
      },
      memberships,
      entitlements: deps.entitlements.entitlementsOf(context.user, memberships),
      billing: deps.entitlements.billingOf(context.user),
      passwordPage: deps.passwordPage ?? false,
    };
    return { info, json: JSON.stringify(info) };
  }

  return {
    async startLogin(
      returnTo: string | undefined,
      screen: { signup: boolean; locale?: string | undefined },
    ): Promise<string> {
      const state = newState();
      const nonce = newNonce();
      const codeVerifier = newPkceVerifier();
      await deps.attempts.create({ state, nonce, codeVerifier, returnTo: safeReturnTo(returnTo) });
      return deps.oidc.authorizationUrl({ state, nonce, codeVerifier, ...screen });
    },

    /** Completes a sign-in: exchanges the code, records the user and opens a session. */
    async finishLogin(callbackUrl: URL, meta: RequestMeta) {
      const state = callbackUrl.searchParams.get('state') ?? '';
      const attempt = state ? await deps.attempts.take(state) : undefined;
      if (!attempt) {
        throw callbackFailed(
          'This sign-in link is not valid any more, because it was used already or is too old. Start signing in again.',
          'no sign-in in progress has this state (used already, expired, or never started here)',
        );
      }
      const providerError = callbackUrl.searchParams.get('error');
      if (providerError !== null) {
        const description = callbackUrl.searchParams.get('error_description');
        throw callbackFailed(
          providerError === 'access_denied'
            ? 'Signing in was cancelled, so you are not signed in.'
            : 'The sign-in service could not sign you in. Please try again.',
          `the provider answered ${providerError}${description ? `: ${description}` : ''}`,
        );
      }
      let result;
      try {
        result = await deps.oidc.exchangeCode(callbackUrl, {
          state,
          nonce: attempt.nonce,
          codeVerifier: attempt.codeVerifier,
        });
      } catch (error) {
        if (error instanceof HttpProblem) throw error;
        throw callbackFailed(
          'Signing in did not complete. Please try again.',
          `the code could not be exchanged: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const { id: userId } = await deps.users.upsertFromSignIn(result.identity);
      const instead = await deps.signedIn?.(userId);
      const cookieValue = newSessionId();
      await deps.sessions.create({
        idHash: hashSessionId(cookieValue),
        userId,
        idpSid: result.sid,
        tokens: result.tokens,
        refreshAt: refreshTimeOf(result.tokens),
        expiresAt: Date.now() + SESSION_ABSOLUTE_MS,
        userAgent: meta.userAgent,
        ip: meta.ip,
      });
      await deps.audit.record({
        action: 'auth.sign_in',
        actor: result.identity.sub,
        target: result.identity.email,
        ip: meta.ip,
      });
      return { cookieValue, returnTo: instead ?? attempt.returnTo };
    },

    async resolve(cookieValue: string | undefined): Promise<AuthContext | undefined> {
      return cookieValue ? (await resolveEntry(cookieValue))?.context : undefined;
    },

    /** The session document as JSON text, reused for a few seconds per session. */
    async sessionInfoJson(cookieValue: string, requestId: string): Promise<string | undefined> {
      const entry = await resolveEntry(cookieValue);
      if (!entry) return undefined;
      entry.info ??= buildInfo(entry.context, requestId);
      entry.info.catch(() => (entry.info = undefined));
      return (await entry.info).json;
    },

    async principal(context: AuthContext, requestId: string): Promise<Principal> {
      const entry = cache.get(context.idHash) ?? { context, until: 0 };
      entry.info ??= buildInfo(context, requestId);
      const { info } = await entry.info;
      return {
        sub: context.user.sub,
        roles: info.user?.roles ?? [],
        memberships: new Map(info.memberships.map((m) => [m.clientId, m.role])),
        premium: deps.entitlements.hostsAsPremium(context.user),
      };
    },

    accessToken,

    async logout(context: AuthContext, meta: RequestMeta, locale?: string): Promise<string> {
      forget(context.idHash);
      const removed = await deps.sessions.delete(context.idHash);
      if (removed?.refreshToken)
        await deps.oidc.revoke(removed.refreshToken).catch(() => undefined);
      await deps.audit.record({
        action: 'auth.sign_out',
        actor: context.user.sub,
        target: context.user.email,
        ip: meta.ip,
      });
      return deps.oidc.endSessionUrl(removed?.idToken ?? context.session.idToken, locale);
    },

    async signOutEverywhere(
      context: AuthContext,
      meta: RequestMeta,
      locale?: string,
    ): Promise<string> {
      const removed = await endAllSessions(context.user.id);
      for (const session of removed) {
        if (session.refreshToken)
          await deps.oidc.revoke(session.refreshToken).catch(() => undefined);
      }
      await deps.audit.record({
        action: 'auth.sign_out',
        actor: context.user.sub,
        target: context.user.email,
        ip: meta.ip,
        details: { everywhere: true, sessions: removed.length },
      });
      return deps.oidc.endSessionUrl(context.session.idToken, locale);
    },

    /**
     * The identity provider says a sign-in is over (OpenID Connect back-channel logout): a token
     * naming a provider session ends the Questa sessions opened through it; one naming only the
     * subject (a password changed or reset, an account deleted) ends all of theirs. The provider
     * has revoked the tokens already, so none is revoked here.
     */
    async backChannelLogout(logoutToken: string, meta: Pick<RequestMeta, 'ip'>) {
      const { sub, sid, jti, acceptedUntil } = await deps.oidc
        .verifyLogoutToken(logoutToken)
        .catch((error) => {
          if (!(error instanceof InvalidLogoutTokenError)) throw error;
          throw new HttpProblem('validation.failed', { detail: error.message });
        });
      // The same token again (whoever posts it) was acted on already: answered, not repeated,
      // so a captured token cannot sign someone out again for as long as it is young enough.
      if (!(await deps.sessions.firstUseOfLogoutToken(jti, acceptedUntil))) return;
      const userId = sub ? await deps.sessions.userIdOfSub(sub) : undefined;
      if (sub && !userId) return;
      const removed = sid
        ? await deps.sessions.endForIdpSession(sid, userId)
        : await endAllSessions(userId!);
      for (const session of removed) forget(session.idHash);
      await deps.audit.record({
        action: 'auth.sign_out',
        actor: null,
        target: sub ? `sub/${sub}` : null,
        ip: meta.ip,
        details: {
          backChannel: true,
          ...(sid ? { providerSession: true } : {}),
          sessions: removed.length,
        },
      });
    },

    /** Ends every session of a user at once, e.g. when an admin takes a role away. */
    endAllSessions: async (userId: string) => {
      await endAllSessions(userId);
    },

    /** The same, for a person named by their identity subject (a tenant's member). */
    async endAllSessionsOfSub(sub: string) {
      const userId = await deps.sessions.userIdOfSub(sub);
      if (userId) await endAllSessions(userId);
    },

    async listSessions(context: AuthContext) {
      const sessions = await deps.sessions.listForUser(context.user.id, SESSION_IDLE_MS);
      return sessions.map((session) => ({
        id: publicSessionId(session.idHash),
        current: session.idHash === context.idHash,
        createdAt: session.createdAt,
        lastSeenAt: new Date(session.lastSeenAt).toISOString(),
        userAgent: session.userAgent,
        ip: session.ip,
      }));
    },

    async revokeSession(context: AuthContext, publicId: string) {
      const sessions = await deps.sessions.listForUser(context.user.id, SESSION_IDLE_MS);
      const target = sessions.find((session) => publicSessionId(session.idHash) === publicId);
      if (!target)
        throw new HttpProblem('not_found', { detail: 'You have no session with that id.' });
      forget(target.idHash);
      const removed = await deps.sessions.delete(target.idHash);
      if (removed?.refreshToken)
        await deps.oidc.revoke(removed.refreshToken).catch(() => undefined);
    },

    /** Drops cached answers for a user whose roles or memberships just changed. */
    forgetUser(sub: string) {
      forgetOwner(`sub:${sub}`);
    },

    /** The same, by Questa's user id: billing learns of changes by user, not by subject. */
    forgetUserId(userId: string) {
      forgetOwner(`id:${userId}`);
    },
  };
}

/** A failed sign-in: a sentence for the person, and the reason for the log. */
const callbackFailed = (detail: string, reason: string) =>
  Object.assign(new HttpProblem('auth.required', { detail }), { cause: reason });

/** Sessions are named to their owner by a prefix of the hash: enough to pick one, useless as a cookie. */
const publicSessionId = (idHash: string) => idHash.slice(0, 16);

export type AuthService = ReturnType<typeof createAuthService>;
