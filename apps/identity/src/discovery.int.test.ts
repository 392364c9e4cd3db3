import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { buildApp, type IdentityDeps } from './app';
import { DEMO_PASSWORD, seedDemoAccounts } from './modules/accounts/demo-accounts';
import { rotateSigningKey } from './modules/keys/rotate-signing-key';
import {
  ISSUER,
  ORIGIN,
  authorizeUrl,
  exchangeCode,
  migrateIdentity,
  newBrowser,
  pkcePair,
  signInThroughPages,
  testDeps,
  type TokenResponse,
} from './testing/identity-fixture';

const jwksOf = async (app: FastifyInstance) =>
  (await app.inject('/idp/jwks')).json<{ keys: { kid: string; d?: string }[] }>().keys;

describe('embedded identity provider', () => {
  let test: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    app = await buildApp(testDeps(test.database));
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('serves its discovery document under the mount path', async () => {
    const response = await app.inject({
      url: '/idp/.well-known/openid-configuration',
      headers: { host: 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    const document = response.json<Record<string, unknown>>();
    expect(document).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      end_session_endpoint: `${ISSUER}/session/end`,
      revocation_endpoint: `${ISSUER}/token/revocation`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    });
    expect(document.prompt_values_supported).toContain('create');
    expect(document.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'roles']),
    );
  });

  it('serves the pages’ stylesheet with a long cache lifetime', async () => {
    const page = await newBrowser(app).get(`${ISSUER}/signup`);
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    expect(href).toMatch(/^\/idp\/assets\/identity\.css\?v=/);
    const css = await app.inject(href!);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).toContain('immutable');
    expect(css.body).toContain('light-dark(');
  });

  it('marks its cookies Secure when the public origin is HTTPS', async () => {
    const secure = await buildApp(testDeps(test.database, { secureCookies: true }));
    try {
      const response = await secure.inject({
        url: authorizeUrl({
          code_challenge: pkcePair().challenge,
          code_challenge_method: 'S256',
        }).replace(ORIGIN, ''),
        headers: { host: 'localhost:8080', 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(303);
      const cookies = [response.headers['set-cookie']].flat().filter(Boolean) as string[];
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('; secure');
    } finally {
      await secure.close();
    }
  });

  it('refuses an audience that is not a URI, naming the setting', async () => {
    const deps: IdentityDeps = testDeps(test.database, { audience: 'questa-question-db' });
    await expect(buildApp(deps)).rejects.toThrow(/OIDC_AUDIENCE/);
  });

  it('publishes only public signing keys, and keeps them across restarts', async () => {
    const first = await jwksOf(app);
    expect(first).toHaveLength(1);
    expect(first[0]).not.toHaveProperty('d');
    const again = await buildApp(testDeps(test.database));
    expect((await jwksOf(again))[0]!.kid).toBe(first[0]!.kid);
    await again.close();
  });

  it('signs with a rotated key after a restart and keeps publishing the old one', async () => {
    const [old] = await jwksOf(app);
    const { kid } = await rotateSigningKey(test.database);
    expect(kid).not.toBe(old!.kid);

    const restarted = await buildApp(testDeps(test.database));
    try {
      const kids = (await jwksOf(restarted)).map((key) => key.kid);
      expect(kids).toEqual([kid, old!.kid]);

      await seedDemoAccounts(test.database);
      const { code, verifier } = await signInThroughPages(newBrowser(restarted), {
        email: 'learner@questa.test',
        password: DEMO_PASSWORD,
      });
      const tokens = (await exchangeCode(restarted, code, verifier)).json<TokenResponse>();
      expect(decodeProtectedHeader(tokens.access_token).kid).toBe(kid);
      expect(decodeProtectedHeader(tokens.id_token!).kid).toBe(kid);
    } finally {
      await restarted.close();
    }
  });
});
