import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { globalRoles, type GlobalRole } from '@questa/contracts';

/** How the question database trusts the identity provider's access tokens. */
export interface AccessTokenSettings {
  issuer: string;
  /** The `aud` access tokens must name: this API's own identifier. */
  audience: string;
  /** The claim that lists global roles; a dotted path such as `realm_access.roles` also works. */
  rolesClaim: string;
  /** The issuer's signing keys, e.g. `createRemoteJWKSet(new URL(`${issuer}/jwks`))`. */
  jwks: JWTVerifyGetKey;
  /**
   * OAuth clients whose client-credentials tokens are accepted as a trusted Questa service, such
   * as the main API drawing catalog questions for learners. None unless given.
   */
  serviceClients?: readonly string[];
}

/** Whom a verified token speaks for: a person, or a trusted service acting for no one. */
export type VerifiedToken =
  { kind: 'user'; sub: string; roles: GlobalRole[] } | { kind: 'service'; clientId: string };

/** The bearer token is not one this API accepts; the caller should get a fresh one. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** The issuer's keys could not be fetched: our dependency failed, not the caller's token. */
export class SigningKeysUnavailableError extends Error {
  override name = 'SigningKeysUnavailableError';
}

// Asymmetric only: with HS* a verifier holding the public key could be fooled into using it as
// an HMAC secret, and `none` would accept any token at all.
const algorithms = ['ES256', 'RS256', 'PS256', 'EdDSA'];
const clockToleranceSeconds = 15;

// These mean the token itself is bad. Anything else (the issuer's key endpoint down or answering
// nonsense) is our dependency failing, and the caller should retry rather than sign in again.
const invalidTokenErrors = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

export function createAccessTokenVerifier(settings: AccessTokenSettings) {
  return async function verifyAccessToken(token: string): Promise<VerifiedToken> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, settings.jwks, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms,
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (invalidTokenErrors.some((type) => error instanceof type)) {
        throw new InvalidTokenError((error as Error).message);
      }
      throw new SigningKeysUnavailableError('The issuer’s signing keys cannot be fetched.', {
        cause: error,
      });
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      throw new InvalidTokenError('The token names no subject.');
    }
    // RFC 9068: a token from a grant without a resource owner (client credentials) has the
    // client as its subject, as the embedded provider issues it. A person's token names the
    // person, so no signed-in user can pass for a service. Roles are ignored: a service acts for
    // no one and holds only what the policy grants services.
    const clientId = payload.client_id;
    if (typeof clientId === 'string' && payload.sub === clientId) {
      if (!settings.serviceClients?.includes(clientId)) {
        throw new InvalidTokenError(`The client ${clientId} is not trusted as a Questa service.`);
      }
      return { kind: 'service', clientId };
    }
    return {
      kind: 'user',
      sub: payload.sub,
      roles: rolesIn(claimAt(payload, settings.rolesClaim)),
    };
  };
}

export type VerifyAccessToken = ReturnType<typeof createAccessTokenVerifier>;

function claimAt(payload: JWTPayload, name: string): unknown {
  if (name in payload) return payload[name];
  return name
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object'
          ? (value as Record<string, unknown>)[key]
          : undefined,
      payload,
    );
}

/** Known global roles only: a provider may list many roles that mean nothing to Questa. */
function rolesIn(claim: unknown): GlobalRole[] {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(' ') : [];
  return globalRoles.filter((role) => values.includes(role));
}
