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
}

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
  return async function verifyAccessToken(
    token: string,
  ): Promise<{ sub: string; roles: GlobalRole[] }> {
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
    return { sub: payload.sub, roles: rolesIn(claimAt(payload, settings.rolesClaim)) };
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
