import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { buildApp } from './app';
import { formFor } from './testing/browser';
import {
  DEMO_PASSWORD,
  seedDemoAccounts,
  type DemoAccounts,
} from './modules/accounts/demo-accounts';
import {
  AUDIENCE,
  CLIENT,
  ISSUER,
  REDIRECT_URI,
  authorizeUrl,
  exchangeCode,
  migrateIdentity,
  newBrowser,
  openSignIn,
  pkcePair,
  refreshTokens,
  signInThroughPages,
  testDeps,
  tokenRequest,
  type TokenResponse,
} from './testing/identity-fixture';

const admin = { email: 'admin@questa.test', password: DEMO_PASSWORD };
const learner = { email: 'learner@questa.test', password: DEMO_PASSWORD };

const pkce = () => ({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });

describe('authorization code flow', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let subs: DemoAccounts;
  let jwks: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    subs = await seedDemoAccounts(test.database);
    app = await buildApp(testDeps(test.database));
    jwks = createLocalJWKSet((await app.inject('/idp/jwks')).json<JSONWebKeySet>());
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('seeds the demo accounts once and returns the same subjects again', async () => {
    expect(await seedDemoAccounts(test.database)).toEqual(subs);
    expect(new Set(Object.values(subs)).size).toBe(4);
  });

  it('signs in through the hosted page and issues tokens for the question database', async () => {
    const browser = newBrowser(app);
    const page = await openSignIn(browser, {
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toMatch(/<label for="field-email">Email<\/label>/);
    expect(page.body).toMatch(/<label for="field-password">Password<\/label>/);
    expect(page.body).toMatch(/<button[^>]*>\s*Sign in\s*<\/button>/);
    expect(page.body).toContain('Forgot your password?');

    const { code, verifier, callback } = await signInThroughPages(newBrowser(app), admin);
    expect(callback.searchParams.get('iss')).toBe(ISSUER);
    const response = await exchangeCode(app, code, verifier);
    expect(response.statusCode).toBe(200);
    const tokens = response.json<TokenResponse>();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBeLessThanOrEqual(600);

    const access = await jwtVerify(tokens.access_token, jwks, {
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    expect(access.protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(access.payload).toMatchObject({
      sub: subs.admin.sub,
      aud: AUDIENCE,
      iss: ISSUER,
      roles: ['admin'],
    });
    expect(access.payload.exp! - access.payload.iat!).toBe(600);

    const id = await jwtVerify(tokens.id_token!, jwks, {
      issuer: ISSUER,
      audience: CLIENT.client_id,
    });
    expect(id.payload).toMatchObject({
      sub: subs.admin.sub,
      email: 'admin@questa.test',
      email_verified: true,
      name: 'Ada Admin',
      roles: ['admin'],
    });
  });

  it('puts an empty roles claim in the tokens of a learner', async () => {
    const { code, verifier } = await signInThroughPages(newBrowser(app), learner);
    const tokens = (await exchangeCode(app, code, verifier)).json<TokenResponse>();
    const access = await jwtVerify(tokens.access_token, jwks, { audience: AUDIENCE });
    expect(access.payload).toMatchObject({ sub: subs.learner.sub, roles: [] });
  });

  it('refuses an authorization request without PKCE', async () => {
    const browser = newBrowser(app);
    const response = await browser.get(authorizeUrl({}));
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(location.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a plain PKCE challenge', async () => {
    const response = await newBrowser(app).get(
      authorizeUrl({ code_challenge: pkcePair().challenge, code_challenge_method: 'plain' }),
    );
    expect(new URL(response.headers.location as string).searchParams.get('error')).toBe(
      'invalid_request',
    );
  });

  it('refuses a redirect URI that is not registered exactly', async () => {
    const { challenge } = pkcePair();
    for (const redirect of [
      `${REDIRECT_URI}/extra`,
      'http://127.0.0.1:1/cb?x=1',
      'http://evil.test/cb',
    ]) {
      const response = await newBrowser(app).get(
        authorizeUrl({
          redirect_uri: redirect,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('redirect_uri did not match any of the client');
    }
  });

  it('refuses a code exchanged with another redirect URI or verifier', async () => {
    const { code } = await signInThroughPages(newBrowser(app), learner);
    const wrongVerifier = await exchangeCode(app, code, pkcePair().verifier);
    expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const second = await signInThroughPages(newBrowser(app), learner);
    const wrongRedirect = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code: second.code,
      code_verifier: second.verifier,
      redirect_uri: 'http://127.0.0.1:1/other',
    });
    expect(wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a reused authorization code and revokes what it issued', async () => {
    const { code, verifier } = await signInThroughPages(newBrowser(app), learner);
    const first = (await exchangeCode(app, code, verifier)).json<TokenResponse>();
    const again = await exchangeCode(app, code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    const refresh = await refreshTokens(app, first.refresh_token!);
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const { code, verifier } = await signInThroughPages(newBrowser(app), learner);
    const first = (await exchangeCode(app, code, verifier)).json<TokenResponse>();
    const secondResponse = await refreshTokens(app, first.refresh_token!);
    expect(secondResponse.statusCode).toBe(200);
    const second = secondResponse.json<TokenResponse>();
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const access = await jwtVerify(second.access_token, jwks, { audience: AUDIENCE });
    expect(access.payload).toMatchObject({ sub: subs.learner.sub, aud: AUDIENCE, roles: [] });

    const reused = await refreshTokens(app, first.refresh_token!);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    const newest = await refreshTokens(app, second.refresh_token!);
    expect(newest.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps sessions and refresh tokens across a restart on the same database', async () => {
    const browser = newBrowser(app);
    const { code, verifier } = await signInThroughPages(browser, learner);
    const tokens = (await exchangeCode(app, code, verifier)).json<TokenResponse>();

    const restarted = await buildApp(testDeps(test.database));
    try {
      const refreshed = await refreshTokens(restarted, tokens.refresh_token!);
      expect(refreshed.statusCode).toBe(200);
      // The provider session survived too: a new authorization needs no sign-in.
      const { challenge } = pkcePair();
      const again = await browser.get(
        authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }),
      );
      expect(again.statusCode).toBe(303);
    } finally {
      await restarted.close();
    }
  });

  it('completes prompt=consent and prompt=create at once for a signed-in person', async () => {
    const browser = newBrowser(app);
    await signInThroughPages(browser, learner);

    const consent = await browser.follow(
      await browser.get(authorizeUrl({ ...pkce(), prompt: 'consent' })),
    );
    expect(consent.location?.startsWith(REDIRECT_URI)).toBe(true);
    expect(new URL(consent.location!).searchParams.get('code')).toBeTruthy();

    const create = await browser.follow(
      await browser.get(authorizeUrl({ ...pkce(), prompt: 'create' })),
    );
    expect(create.response.body).toContain('Create your Questa account');
    const signInLink = /href="([^"]*\?screen=signin)"/.exec(create.response.body)![1]!;
    const signInPage = await browser.get(signInLink.replaceAll('&amp;', '&'));
    const done = await browser.follow(
      await browser.submit(formFor(signInPage.body, '/login'), learner),
    );
    expect(new URL(done.location!).searchParams.get('code')).toBeTruthy();
  });

  it('signs out through the end-session page in Questa’s look', async () => {
    const browser = newBrowser(app);
    const { code, verifier } = await signInThroughPages(browser, learner);
    const tokens = (await exchangeCode(app, code, verifier)).json<TokenResponse>();
    const page = await browser.get(
      `${ISSUER}/session/end?${new URLSearchParams({
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: 'http://127.0.0.1:1/',
      })}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<button[^>]*data-auto-submit[^>]*>\s*Sign out\s*<\/button>/);
    expect(page.body).toMatch(
      /<script src="\/idp\/assets\/logout\.js\?v=[0-9a-f]+" defer><\/script>/,
    );
    expect(page.body).not.toMatch(/<script>/);
    const form = formFor(page.body, '/session/end/confirm');
    const done = await browser.submit(form, { logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://127.0.0.1:1/');

    const { challenge } = pkcePair();
    const next = await browser.follow(
      await browser.get(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' })),
    );
    expect(next.response.body).toContain('Sign in to Questa');
    expect(decodeProtectedHeader(tokens.id_token!).alg).toBe('ES256');
  });
});
