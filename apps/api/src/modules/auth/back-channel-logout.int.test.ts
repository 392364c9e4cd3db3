import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { createRootServer } from '@questa/http-kit';
import { createOidcClient } from '../../adapters/oidc-client';
import { BACKCHANNEL_LOGOUT_EVENT } from '../../adapters/logout-token';
import { createHttpQuestionDbClient } from '../../adapters/question-db-client';
import { API_PREFIX, apiApp, createApiCore, type ApiCore } from '../../app';
import { API_SCHEMA, apiMigrations } from '../../db/tables';
import { openTestSession, TEST_ORIGIN } from '../../testing';

const CLIENT_ID = 'questa-web';

/**
 * Back-channel logout as any OpenID Connect provider sends it: a provider of the test's own
 * (discovery and published keys, nothing of Questa's), signing logout tokens the way the
 * specification describes, and forgeries of every kind, which must change nothing.
 */
describe('back-channel logout from the identity provider', () => {
  let test: TestDatabase;
  let provider: Server;
  let issuer = '';
  let signingKey: CryptoKey;
  let strangerKey: CryptoKey;
  let app: FastifyInstance;
  let core: ApiCore;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, API_SCHEMA, apiMigrations);
    const pair = await generateKeyPair('ES256', { extractable: true });
    signingKey = pair.privateKey;
    strangerKey = (await generateKeyPair('ES256')).privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    provider = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/.well-known/openid-configuration') {
        response.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/auth`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['ES256'],
            backchannel_logout_supported: true,
            backchannel_logout_session_supported: true,
          }),
        );
      } else if (request.url === '/jwks') {
        response.end(JSON.stringify({ keys: [publicJwk] }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

    core = createApiCore({
      database: test.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: 'http://127.0.0.1:9/qdb/api/v1' }),
      oidc: createOidcClient({
        issuer,
        clientId: CLIENT_ID,
        clientSecret: 'a-test-client-secret',
        scopes: 'openid',
        rolesClaim: 'roles',
        audience: 'urn:questa:question-db',
        redirectUri: `${TEST_ORIGIN}/api/auth/callback`,
        postLogoutRedirectUri: `${TEST_ORIGIN}/`,
      }),
      publicUrl: TEST_ORIGIN,
      secureCookies: false,
    });
    app = createRootServer({ logLevel: 'silent' });
    await app.register(apiApp, { prefix: API_PREFIX, core });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    provider?.close();
    await test?.dispose();
  });

  const logoutToken = (
    claims: JWTPayload,
    options: { key?: CryptoKey; header?: Record<string, unknown>; iat?: number } = {},
  ) =>
    new SignJWT({
      iss: issuer,
      aud: CLIENT_ID,
      jti: randomUUID(),
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
      ...claims,
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'logout+jwt', ...options.header })
      .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
      .setExpirationTime('2 minutes')
      .sign(options.key ?? signingKey);

  const post = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/backchannel-logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logout_token: token }).toString(),
    });

  let people = 0;
  async function personWithTwoSessions() {
    const sub = `person-${++people}`;
    const open = (idpSid: string) =>
      openTestSession(test.database, { sub, email: `${sub}@questa.test`, idpSid });
    const first = await open(`${sub}-browser-1`);
    const second = await open(`${sub}-browser-2`);
    return { sub, first: first.cookieValue, second: second.cookieValue };
  }
  const signedIn = async (cookieValue: string) =>
    (await core.auth.resolve(cookieValue)) !== undefined;
  const exams = async (cookieValue: string) =>
    (await app.inject({ url: '/api/exams', headers: { cookie: `questa_session=${cookieValue}` } }))
      .statusCode;

  it('ends every session of the subject a token names without a session', async () => {
    const person = await personWithTwoSessions();
    const bystander = await personWithTwoSessions();
    expect(await exams(person.second)).toBe(200);

    const response = await post(await logoutToken({ sub: person.sub }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await exams(person.first)).toBe(401);
    expect(await exams(person.second)).toBe(401);
    expect(await signedIn(bystander.first)).toBe(true);
    expect(await signedIn(bystander.second)).toBe(true);
  });

  it('acts on a token once: posted again, it does not end the sessions opened since', async () => {
    const person = await personWithTwoSessions();
    const token = await logoutToken({ sub: person.sub });
    expect((await post(token)).statusCode).toBe(200);
    expect(await signedIn(person.first)).toBe(false);

    const again = await openTestSession(test.database, {
      sub: person.sub,
      email: `${person.sub}@questa.test`,
      idpSid: `${person.sub}-browser-3`,
    });
    expect(await exams(again.cookieValue)).toBe(200);
    const replayed = await post(token);
    expect(replayed.statusCode).toBe(200);
    expect(await exams(again.cookieValue)).toBe(200);
    // A new token from the provider still ends it.
    expect((await post(await logoutToken({ sub: person.sub }))).statusCode).toBe(200);
    expect(await exams(again.cookieValue)).toBe(401);
  });

  it('ends only the sessions opened through the provider session a token names', async () => {
    const person = await personWithTwoSessions();
    const response = await post(
      await logoutToken({ sub: person.sub, sid: `${person.sub}-browser-1` }),
    );
    expect(response.statusCode).toBe(200);
    expect(await signedIn(person.first)).toBe(false);
    expect(await signedIn(person.second)).toBe(true);
  });

  it('answers a token about someone who never signed in here with 200, changing nothing', async () => {
    const person = await personWithTwoSessions();
    expect((await post(await logoutToken({ sub: 'a-stranger' }))).statusCode).toBe(200);
    expect(await signedIn(person.first)).toBe(true);
  });

  const forgeries: [string, (sub: string) => Promise<string>][] = [
    ['signed by another key', (sub) => logoutToken({ sub }, { key: strangerKey })],
    ['from another issuer', (sub) => logoutToken({ sub, iss: 'https://evil.example' })],
    ['for another client', (sub) => logoutToken({ sub, aud: 'someone-else' })],
    ['without the logout event', (sub) => logoutToken({ sub, events: {} })],
    ['with the event as a string', (sub) => logoutToken({ sub, events: BACKCHANNEL_LOGOUT_EVENT })],
    ['carrying a nonce, as an ID token does', (sub) => logoutToken({ sub, nonce: 'n-0S6' })],
    ['naming neither sub nor sid', () => logoutToken({})],
    ['without a jti', (sub) => logoutToken({ sub, jti: undefined })],
    [
      'issued an hour ago',
      (sub) => logoutToken({ sub }, { iat: Math.floor(Date.now() / 1000) - 3600 }),
    ],
    [
      'unsigned (alg none)',
      async (sub) => {
        const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const now = Math.floor(Date.now() / 1000);
        return `${part({ alg: 'none', typ: 'logout+jwt' })}.${part({
          iss: issuer,
          aud: CLIENT_ID,
          iat: now,
          exp: now + 120,
          jti: randomUUID(),
          sub,
          events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
        })}.`;
      },
    ],
    ['not a JWT at all', async () => 'not-a-token'],
  ];

  it.each(forgeries)('refuses a token %s with 400 and signs nobody out', async (_name, forge) => {
    const person = await personWithTwoSessions();
    const response = await post(await forge(person.sub));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed' });
    expect(await signedIn(person.first)).toBe(true);
    expect(await signedIn(person.second)).toBe(true);
  });

  it('needs no same-origin header, being called by the provider and not a browser', async () => {
    const person = await personWithTwoSessions();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/backchannel-logout',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://idp.example',
      },
      payload: new URLSearchParams({
        logout_token: await logoutToken({ sub: person.sub }),
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(await signedIn(person.first)).toBe(false);
  });
});
