import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { migrate, type Database } from '@questa/db';
import { createMemoryRateLimitStore } from '@questa/http-kit';
import { buildApp, IDENTITY_SCHEMA, identityMigrations, type IdentityDeps } from '../app';
import type { SignInFailedEvent } from '../modules/accounts/account.service';
import type { MailMessage, MailTransport } from '@questa/mail';
import { Browser, formFor } from './browser';

export const ORIGIN = 'http://localhost:8080';
export const ISSUER = `${ORIGIN}/idp`;
export const AUDIENCE = 'urn:questa:question-db';
export const REDIRECT_URI = 'http://127.0.0.1:1/cb';
export const CLIENT = {
  client_id: 'questa-test',
  client_secret: 'a-known-test-client-secret',
  redirect_uris: [REDIRECT_URI],
  post_logout_redirect_uris: ['http://127.0.0.1:1/'],
};

/** Collects sent mail in memory. */
export function memoryMail(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export async function migrateIdentity(database: Database) {
  await migrate(database, IDENTITY_SCHEMA, identityMigrations);
}

export function testDeps(
  database: Database,
  overrides: Partial<IdentityDeps> = {},
): IdentityDeps & { audit: SignInFailedEvent[] } {
  const audit: SignInFailedEvent[] = [];
  return {
    database,
    issuer: ISSUER,
    clients: [CLIENT],
    audience: AUDIENCE,
    rolesClaim: 'roles',
    mail: memoryMail(),
    rateLimits: { store: createMemoryRateLimitStore(), timeoutMs: 250 },
    secureCookies: false,
    onAuditEvent: async (event) => {
      audit.push(event);
    },
    ...overrides,
    audit,
  };
}

export const newBrowser = (app: FastifyInstance, remoteAddress?: string) =>
  new Browser(app, ORIGIN, remoteAddress);

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(params: Record<string, string | undefined>): string {
  const url = new URL(`${ISSUER}/auth`);
  const defaults = {
    client_id: CLIENT.client_id,
    response_type: 'code',
    scope: 'openid email profile offline_access',
    redirect_uri: REDIRECT_URI,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  };
  for (const [key, value] of Object.entries({ ...defaults, ...params })) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.href;
}

/** Opens the authorization endpoint and follows it to the interaction page. */
export async function openSignIn(
  browser: Browser,
  params: Record<string, string | undefined> = {},
) {
  const { response } = await browser.follow(await browser.get(authorizeUrl(params)));
  return response;
}

/**
 * Runs the authorization code flow with PKCE through the real pages: opens /auth, fills in the
 * sign-in form, and returns the code the client receives.
 */
export async function signInThroughPages(
  browser: Browser,
  credentials: { email: string; password: string },
  params: Record<string, string | undefined> = {},
): Promise<{ code: string; verifier: string; callback: URL }> {
  const { verifier, challenge } = pkcePair();
  const page = await openSignIn(browser, {
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...params,
  });
  if (page.statusCode !== 200)
    throw new Error(`Sign-in page answered ${page.statusCode}: ${page.body}`);
  const { location } = await browser.follow(
    await browser.submit(formFor(page.body, '/login'), credentials),
  );
  if (!location?.startsWith(REDIRECT_URI))
    throw new Error(`Sign-in did not reach the client: ${location}`);
  const callback = new URL(location);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`No code in ${location}`);
  return { code, verifier, callback };
}

export function tokenRequest(
  app: FastifyInstance,
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const basic = Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString('base64');
  return app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: {
      host: new URL(ORIGIN).host,
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });
}

export const exchangeCode = (app: FastifyInstance, code: string, verifier: string) =>
  tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
  });

export const refreshTokens = (app: FastifyInstance, refreshToken: string) =>
  tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken });

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  token_type: string;
}

export { buildApp };
