import {
  apiKeySubject,
  serviceSubject,
  type CredentialScope,
  type TenantRole,
} from '@questa/contracts';
import type { CredentialRepository } from '../credentials/credential.repository';
import type { MemberRepository } from '../members/member.repository';
import { InvalidTokenError, type VerifyAccessToken } from './access-token';
import { looksLikeApiKey, parseApiKey, secretMatches } from './api-key';
import type {
  ApiKeyPrincipal,
  RequestPrincipal,
  ServicePrincipal,
  UserPrincipal,
} from './principal';

// RFC 6750's b64token: anything else in the header is malformed before it is even checked.
const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Scopes map onto the tenant role of the same reach, so the policy module stays the only judge of
 * what a key may do: `banks:read` reads like a viewer, `banks:write` also writes like an author.
 * No scope maps onto owner, so no key can manage members or credentials.
 */
function roleOfScopes(scopes: readonly CredentialScope[]): TenantRole {
  return scopes.includes('banks:write') ? 'author' : 'viewer';
}

export function createAuthService(deps: {
  verifyAccessToken: VerifyAccessToken;
  members: Pick<MemberRepository, 'rolesOf'>;
  credentials: Pick<CredentialRepository, 'findForAuthentication' | 'recordUse'>;
}) {
  async function tokenPrincipal(token: string): Promise<UserPrincipal | ServicePrincipal> {
    const verified = await deps.verifyAccessToken(token);
    if (verified.kind === 'service') {
      return {
        kind: 'service',
        service: true,
        // Prefixed like API keys' subjects, so an actor in a log is never mistaken for a person.
        sub: serviceSubject(verified.clientId),
        roles: [],
        memberships: new Map(),
        premium: false,
      };
    }
    const { sub, roles } = verified;
    return {
      kind: 'user',
      sub,
      roles,
      memberships: await deps.members.rolesOf(sub),
      // Premium is the main API's business; nothing here depends on it.
      premium: false,
    };
  }

  async function apiKeyPrincipal(token: string): Promise<ApiKeyPrincipal> {
    const key = parseApiKey(token);
    if (!key) throw new InvalidTokenError('The API key is malformed.');
    const credential = await deps.credentials.findForAuthentication(key.credentialId);
    if (!secretMatches(key.secret, credential?.secretHash) || !credential) {
      throw new InvalidTokenError('The API key is not known.');
    }
    if (credential.revoked) throw new InvalidTokenError('The API key has been revoked.');
    if (credential.usageIsStale) await deps.credentials.recordUse(credential.id);
    return {
      kind: 'api_key',
      sub: apiKeySubject(credential.id),
      credentialId: credential.id,
      clientId: credential.clientId,
      paidPlan: credential.paidPlan,
      roles: [],
      memberships: new Map([[credential.clientId, roleOfScopes(credential.scopes)]]),
      premium: false,
    };
  }

  return {
    /**
     * The principal behind an `Authorization` header: undefined without one, and
     * InvalidTokenError for anything that is not a valid, current bearer credential.
     */
    async authenticate(authorization: string | undefined): Promise<RequestPrincipal | undefined> {
      if (authorization === undefined) return undefined;
      const token = bearerPattern.exec(authorization.trim())?.[1];
      if (!token) throw new InvalidTokenError('Send credentials as `Authorization: Bearer …`.');
      return looksLikeApiKey(token) ? apiKeyPrincipal(token) : tokenPrincipal(token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
