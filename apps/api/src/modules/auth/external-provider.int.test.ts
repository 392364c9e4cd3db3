import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import {
  buildApp as buildQuestionDb,
  createFileMediaStore,
  discoverIssuerKeys,
  QUESTION_DB_SCHEMA,
  questionDbMigrations,
} from '@questa/question-db';
import { createOidcClient } from '../../adapters/oidc-client';
import { createHttpQuestionDbClient } from '../../adapters/question-db-client';
import { buildApp } from '../../app';
import { API_SCHEMA, apiMigrations } from '../../db/tables';

/**
 * Distributed mode against a provider Questa did not build: a separately configured
 * oidc-provider with its own client id, its own sign-in page, and roles in a `groups` claim.
 * The main API signs in through it and the question database accepts its access tokens.
 */
describe('signing in through an external OpenID Connect provider', () => {
  const audience = 'urn:example:questa-qdb';
  let test: TestDatabase;
  let providerServer: Server;
  let issuer: string;
  let qdb: FastifyInstance;
  let api: FastifyInstance;
  let apiOrigin: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, QUESTION_DB_SCHEMA, questionDbMigrations);
    await migrate(test.database, API_SCHEMA, apiMigrations);

    // Ports first: the provider must know the callback URL and the API must know the issuer.
    providerServer = createServer();
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
    const apiPort = await freePort();
    apiOrigin = `http://127.0.0.1:${apiPort}`;

    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'questa-at-example',
          client_secret: 'an-external-client-secret-of-some-length',
          redirect_uris: [`${apiOrigin}/api/auth/callback`],
          post_logout_redirect_uris: [`${apiOrigin}/`],
          grant_types: ['authorization_code', 'refresh_token'],
        },
      ],
      pkce: { required: () => true },
      scopes: ['openid', 'email', 'profile', 'offline_access'],
      claims: { openid: ['sub'], email: ['email'], profile: ['name', 'groups'] },
      conformIdTokenClaims: false,
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({
          sub,
          email: `${sub}@example.org`,
          name: 'Exa Ternal',
          groups: ['admin', 'staff'],
        }),
      }),
      features: {
        resourceIndicators: {
          enabled: true,
          defaultResource: () => audience,
          useGrantedResource: () => true,
          getResourceServerInfo: () => ({
            scope: 'openid',
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 600,
            jwt: { sign: { alg: 'RS256' } },
          }),
        },
      },
      extraTokenClaims: () => ({ groups: ['admin', 'staff'] }),
      // This provider trusts Questa as a first-party client and skips the consent screen.
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile offline_access');
        grant.addResourceScope(audience, 'openid');
        await grant.save();
        return grant;
      },
      jwks: { keys: [await signingKey()] },
    });
    providerServer.on('request', provider.callback());

    const mediaStore = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-media-')));
    qdb = await buildQuestionDb({
      database: test.database,
      mediaStore,
      auth: { issuer, audience, rolesClaim: 'groups', jwks: discoverIssuerKeys(issuer) },
    });
    await qdb.listen({ port: 0, host: '127.0.0.1' });
    const qdbUrl = `http://127.0.0.1:${(qdb.server.address() as AddressInfo).port}/qdb/api/v1`;

    api = await buildApp({
      database: test.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: qdbUrl }),
      oidc: createOidcClient({
        issuer,
        clientId: 'questa-at-example',
        clientSecret: 'an-external-client-secret-of-some-length',
        scopes: 'openid email profile offline_access',
        rolesClaim: 'groups',
        audience,
        redirectUri: `${apiOrigin}/api/auth/callback`,
        postLogoutRedirectUri: `${apiOrigin}/`,
      }),
      publicUrl: apiOrigin,
      secureCookies: false,
    });
    await api.listen({ port: apiPort, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await api?.close();
    await qdb?.close();
    providerServer?.close();
    await test?.dispose();
  });

  it('signs in through the provider’s own page and opens a Questa session', async () => {
    const providerCookies = new Map<string, string>();
    const cookieHeader = () =>
      [...providerCookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        providerCookies.set(name!, value.join('='));
      }
    };
    const atProvider = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
      });
      remember(response);
      return response;
    };

    const login = await fetch(`${apiOrigin}/api/auth/login?returnTo=/account`, {
      redirect: 'manual',
    });
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe('questa-at-example');

    let response = await atProvider(authorize.href);
    let location = new URL(response.headers.get('location')!, issuer).href;
    const page = await (await atProvider(location)).text();
    const action = /action="([^"]+)"/.exec(page)?.[1];
    expect(action, 'the provider shows its sign-in form').toBeTruthy();
    response = await atProvider(new URL(action!, issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: 'exa', password: 'anything' }).toString(),
    });
    // Follow the provider's redirects until it sends the browser back to Questa.
    for (let hop = 0; hop < 5; hop++) {
      location = new URL(response.headers.get('location')!, issuer).href;
      if (location.startsWith(apiOrigin)) break;
      response = await atProvider(location);
    }
    expect(location.startsWith(`${apiOrigin}/api/auth/callback?`)).toBe(true);

    const callback = await fetch(location, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/account');
    const sessionCookie = callback.headers
      .getSetCookie()
      .find((line) => line.startsWith('questa_session='));
    expect(sessionCookie).toMatch(/HttpOnly/);

    const session = await fetch(`${apiOrigin}/api/session`, {
      headers: { cookie: sessionCookie!.split(';')[0]! },
    });
    expect(await session.json()).toMatchObject({
      user: { sub: 'exa', email: 'exa@example.org', displayName: 'Exa Ternal', roles: ['admin'] },
      memberships: [],
    });
  });

  it('tells the provider the app’s language for its pages, when the app names one', async () => {
    const authorizeFor = async (query: string) => {
      const login = await fetch(`${apiOrigin}/api/auth/login?${query}`, { redirect: 'manual' });
      expect(login.status).toBe(302);
      return new URL(login.headers.get('location')!).searchParams;
    };
    expect((await authorizeFor('locale=de')).get('ui_locales')).toBe('de');
    const signUp = await authorizeFor('signup=1&locale=de-AT');
    expect(signUp.get('ui_locales')).toBe('de-AT');
    expect(signUp.get('prompt')).toBe('create');
    expect((await authorizeFor('returnTo=/account')).has('ui_locales')).toBe(false);

    const malformed = await fetch(`${apiOrigin}/api/auth/login?locale=de%20fr`, {
      redirect: 'manual',
    });
    expect(malformed.status).toBe(400);
  });

  it('refuses a callback whose state it did not issue', async () => {
    const forged = await fetch(`${apiOrigin}/api/auth/callback?code=stolen&state=made-up`, {
      redirect: 'manual',
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'auth.required' });
  });

  it('shows a browser a page with a sentence and a way on when a callback fails', async () => {
    const navigate = { 'sec-fetch-mode': 'navigate', accept: 'text/html,*/*;q=0.8' };
    const forged = await fetch(`${apiOrigin}/api/auth/callback?code=stolen&state=made-up`, {
      redirect: 'manual',
      headers: navigate,
    });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await forged.text();
    expect(page).toContain('This sign-in link is not valid any more');
    expect(page).toContain('<a class="next" href="/api/auth/login">Sign in again</a>');

    // The person cancels at the provider, which sends them back with an error instead of a code.
    const login = await fetch(`${apiOrigin}/api/auth/login`, { redirect: 'manual' });
    const state = new URL(login.headers.get('location')!).searchParams.get('state')!;
    const cancelled = await fetch(
      `${apiOrigin}/api/auth/callback?error=access_denied&error_description=End-User+aborted&state=${state}`,
      { redirect: 'manual', headers: navigate },
    );
    expect(cancelled.status).toBe(401);
    expect(await cancelled.text()).toContain('Signing in was cancelled, so you are not signed in.');
  });
});

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: 'external-key', alg: 'RS256', use: 'sig' };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
