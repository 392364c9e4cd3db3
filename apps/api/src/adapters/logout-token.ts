import type { JWTPayload } from 'jose';

/** The event a back-channel logout token carries (OpenID Connect Back-Channel Logout 1.0, §2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** Whom a verified logout token signs out: a subject, one provider session, or both. */
export interface LogoutTarget {
  sub?: string | undefined;
  sid?: string | undefined;
  /** The token's own id, so the same token posted twice is acted on once. */
  jti: string;
  /** When the token is too old to be accepted anyway: its id need not be kept longer. */
  acceptedUntil: Date;
}

/** A logout token whose signature or claims do not hold; the provider is answered 400. */
export class InvalidLogoutTokenError extends Error {
  constructor(reason: string) {
    super(`The logout token is not valid: ${reason}.`);
    this.name = 'InvalidLogoutTokenError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The claims a logout token must carry beyond a verified signature, issuer, audience and `iat`:
 * the back-channel logout event, no `nonce` (so an ID token can never pass for one), and a
 * subject or a provider session to sign out.
 */
export function logoutTargetOf(payload: JWTPayload, maxAgeSeconds: number): LogoutTarget {
  if (typeof payload.iat !== 'number') throw new InvalidLogoutTokenError('it has no iat');
  if (typeof payload.jti !== 'string' || !payload.jti) {
    throw new InvalidLogoutTokenError('it has no jti');
  }
  if (!isObject(payload.events) || !isObject(payload.events[BACKCHANNEL_LOGOUT_EVENT])) {
    throw new InvalidLogoutTokenError('it carries no back-channel logout event');
  }
  if ('nonce' in payload) throw new InvalidLogoutTokenError('it carries a nonce');
  const sub = typeof payload.sub === 'string' && payload.sub ? payload.sub : undefined;
  const sid = typeof payload.sid === 'string' && payload.sid ? payload.sid : undefined;
  if (!sub && !sid) throw new InvalidLogoutTokenError('it names neither sub nor sid');
  return {
    sub,
    sid,
    jti: payload.jti,
    acceptedUntil: new Date((payload.iat + maxAgeSeconds) * 1000),
  };
}
