import type { Database, Kysely } from '@questa/db';
import { createOidcClient, type OidcClient } from './adapters/oidc-client';
import { API_SCHEMA, type ApiTables } from './db/tables';
import { hashSessionId, newSessionId } from './modules/auth/session-cookie';
import { createSessionRepository } from './modules/auth/session.repository';
import { createUserRepository } from './modules/users/user.repository';

export const TEST_ORIGIN = 'http://localhost:8080';

/** A provider client that is configured but never reached, for tests that do not sign in. */
export function unreachableOidcClient(origin = TEST_ORIGIN): OidcClient {
  return createOidcClient({
    issuer: 'http://127.0.0.1:9/idp',
    clientId: 'questa-web',
    clientSecret: 'not-used-by-these-tests',
    scopes: 'openid',
    rolesClaim: 'roles',
    audience: 'urn:questa:question-db',
    redirectUri: `${origin}/api/auth/callback`,
    postLogoutRedirectUri: `${origin}/`,
  });
}

/**
 * Opens a session as a completed sign-in would, holding `accessToken`, and returns the id the
 * browser's cookie would carry.
 */
export async function openTestSession(
  database: Database,
  user: { sub: string; email: string; accessToken?: string },
): Promise<{ cookieValue: string; userId: string }> {
  const db = database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
  const { id: userId } = await createUserRepository(db).upsertFromSignIn({
    sub: user.sub,
    email: user.email,
    name: user.email,
    roles: [],
  });
  const cookieValue = newSessionId();
  await createSessionRepository(db).create({
    idHash: hashSessionId(cookieValue),
    userId,
    tokens: {
      accessToken: user.accessToken ?? 'not-a-real-token',
      refreshToken: undefined,
      idToken: 'not-a-real-id-token',
      accessExpiresAt: Date.now() + 600_000,
    },
    expiresAt: Date.now() + 30 * 24 * 3600_000,
    userAgent: 'test',
    ip: '127.0.0.1',
  });
  return { cookieValue, userId };
}
