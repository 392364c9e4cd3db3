import { setTimeout as delay } from 'node:timers/promises';
import { HttpProblem } from '@questa/http-kit';
import { RefreshRefusedError, type OidcClient, type TokenSet } from '../../adapters/oidc-client';
import type { SessionRepository, StoredSession } from './session.repository';

/** Refresh at most this long before expiry, so a forwarded call never carries a dying token… */
const REFRESH_MARGIN_MS = 60 * 1000;
/** …and at most this share of the token's life, so a short-lived token is still used at all. */
const REFRESH_MARGIN_SHARE = 0.2;
/** One claim to refresh; longer than the provider's own request time limit, so it covers the call. */
const CLAIM_MS = 20 * 1000;
/** How long a request waits for a refresh that another process is making. */
const WAIT_FOR_OTHER_MS = 15 * 1000;
const CHECK_EVERY_MS = 100;

/** When tokens received now should be refreshed. */
export function refreshTimeOf(tokens: TokenSet, now = Date.now()): number {
  const lifetime = Math.max(0, tokens.accessExpiresAt - now);
  return tokens.accessExpiresAt - Math.min(REFRESH_MARGIN_MS, lifetime * REFRESH_MARGIN_SHARE);
}

const sessionOver = () =>
  new HttpProblem('auth.required', { detail: 'Your session has ended. Sign in again.' });

/**
 * Keeps sessions' access tokens fresh. No transaction or lock is held while the identity
 * provider is asked: in one process the provider needs the same embedded database connection,
 * so waiting on it while holding the connection stopped the whole server. Instead one request per
 * process refreshes a session (the others await it), and across processes the first to claim the
 * refresh makes it while the others read what it stored.
 */
export function createTokenRefresher(deps: { sessions: SessionRepository; oidc: OidcClient }) {
  const inFlight = new Map<string, Promise<string>>();

  async function refreshOrWait(idHash: string): Promise<string> {
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    for (;;) {
      const claimed = await deps.sessions.claimRefresh(idHash, CLAIM_MS);
      if (claimed) return refreshClaimed(claimed);
      const current = await deps.sessions.find(idHash);
      if (!current) throw sessionOver();
      if (current.refreshAt > Date.now()) return current.accessToken;
      if (Date.now() >= deadline) {
        throw new HttpProblem('unavailable', {
          detail: 'Your sign-in is being renewed. Please try again in a moment.',
          retryAfter: 2,
        });
      }
      await delay(CHECK_EVERY_MS);
    }
  }

  async function refreshClaimed(session: StoredSession): Promise<string> {
    // Another process refreshed it between this request's read and its claim.
    if (session.refreshAt > Date.now()) {
      await deps.sessions.releaseRefresh(session.idHash);
      return session.accessToken;
    }
    if (!session.refreshToken) {
      await deps.sessions.delete(session.idHash);
      throw sessionOver();
    }
    let tokens: TokenSet;
    try {
      tokens = await deps.oidc.refresh(session.refreshToken, session.idToken);
    } catch (error) {
      if (error instanceof RefreshRefusedError) {
        await deps.sessions.delete(session.idHash);
        throw sessionOver();
      }
      // The provider did not answer: the session stays, and the next request tries again.
      await deps.sessions.releaseRefresh(session.idHash);
      throw error;
    }
    await deps.sessions.saveRefreshed(session.idHash, tokens, refreshTimeOf(tokens));
    return tokens.accessToken;
  }

  return {
    /** A valid access token for the session: the stored one, or a new one once it is due. */
    accessToken(session: StoredSession): Promise<string> {
      if (session.refreshAt > Date.now()) return Promise.resolve(session.accessToken);
      let pending = inFlight.get(session.idHash);
      if (!pending) {
        pending = refreshOrWait(session.idHash).finally(() => inFlight.delete(session.idHash));
        inFlight.set(session.idHash, pending);
      }
      return pending;
    },
  };
}
