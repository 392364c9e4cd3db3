import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { identityDb } from './identity-db';
import { createAccountRepository } from './modules/accounts/account.repository';
import { hashPassword } from './modules/accounts/password';
import { formFor } from './testing/browser';
import {
  CLIENT,
  ISSUER,
  REDIRECT_URI,
  authorizeUrl,
  buildApp,
  exchangeCode,
  migrateIdentity,
  newBrowser,
  openSignIn,
  pkcePair,
  refreshTokens,
  signInThroughPages,
  testDeps,
  type TokenResponse,
} from './testing/identity-fixture';

const OLD = 'the password I had before';
const NEW = 'the password I have now';

describe('changing a password and deleting an account at the provider', () => {
  let test: TestDatabase;
  let app: FastifyInstance;

  const createAccount = async (email: string, password = OLD) => {
    const repository = createAccountRepository(identityDb(test.database));
    const id = await repository.create({
      email,
      displayName: email,
      passwordHash: await hashPassword(password),
      verified: true,
    });
    return id!;
  };

  const signInRefused = async (email: string, password: string) => {
    const browser = newBrowser(app);
    const page = await openSignIn(browser, {
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    return (await browser.submit(formFor(page.body, '/login'), { email, password })).statusCode;
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    app = await buildApp(testDeps(test.database));
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('changes the password with the current one, ends every session and returns to the account', async () => {
    await createAccount('cora@example.test');
    const session = newBrowser(app);
    const before = await signInThroughPages(session, { email: 'cora@example.test', password: OLD });
    const oldTokens = (await exchangeCode(app, before.code, before.verifier)).json<TokenResponse>();

    const browser = newBrowser(app);
    const page = await browser.get(`${ISSUER}/password?login_hint=Cora@Example.test`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Change your password');
    expect(page.body).toContain('value="cora@example.test"');
    expect(page.body).toContain('data-password-toggle');
    expect(page.body).toContain('minlength="12"');
    expect(page.body).toContain('data-password-status="field-password"');

    const wrongCurrent = await browser.submit(formFor(page.body, '/password'), {
      currentPassword: 'not my password at all',
      password: NEW,
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.body).toContain('The email or current password is wrong.');

    const weak = await browser.submit(formFor(wrongCurrent.body, '/password'), {
      currentPassword: OLD,
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('Use at least 12 characters.');
    expect(await signInRefused('cora@example.test', 'short')).toBe(401);

    const changed = await browser.submit(formFor(weak.body, '/password'), {
      currentPassword: OLD,
      password: NEW,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Your password is changed');
    expect(changed.body).toContain(
      'href="http://localhost:8080/api/auth/login?returnTo=%2Faccount%3Fnotice%3Dpassword-changed"',
    );

    // Every session ended: the refresh token of the earlier sign-in no longer works.
    expect((await refreshTokens(app, oldTokens.refresh_token!)).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await signInRefused('cora@example.test', OLD)).toBe(401);
    await signInThroughPages(newBrowser(app), { email: 'cora@example.test', password: NEW });
  });

  it('refuses a change posted without the form token', async () => {
    await createAccount('dex@example.test');
    const page = await newBrowser(app).get(`${ISSUER}/password`);
    const forged = await newBrowser(app).submit(formFor(page.body, '/password'), {
      email: 'dex@example.test',
      currentPassword: OLD,
      password: NEW,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form has expired');
    await signInThroughPages(newBrowser(app), { email: 'dex@example.test', password: OLD });
  });

  it('speaks the app’s language and counts attempts like sign-in', async () => {
    const browser = newBrowser(app, '10.7.7.7');
    const page = await browser.get(`${ISSUER}/password?ui_locales=de`);
    expect(page.body).toContain('<html lang="de"');
    expect(page.body).toContain('Aktuelles Passwort');
    const form = formFor(page.body, '/password');
    // Ten addresses from one network address: the address's budget, not an account's, runs out.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await browser.submit(form, {
        email: `guess-${attempt}@example.test`,
        currentPassword: `wrong ${attempt}`,
        password: NEW,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('E-Mail-Adresse oder aktuelles Passwort ist falsch.');
    }
    const limited = await browser.submit(form, {
      email: 'dex@example.test',
      currentPassword: OLD,
      password: NEW,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('deletes an account for the registered client only, and then nobody signs in with it', async () => {
    const id = await createAccount('eve@example.test');
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${CLIENT.client_id}:${secret}`).toString('base64')}`;
    const remove = (authorization?: string) =>
      app.inject({
        method: 'DELETE',
        url: `/idp/accounts/${id}`,
        headers: authorization ? { authorization } : {},
      });

    expect((await remove()).statusCode).toBe(401);
    expect((await remove(basic('not-the-secret'))).statusCode).toBe(401);
    await signInThroughPages(newBrowser(app), { email: 'eve@example.test', password: OLD });

    expect((await remove(basic(CLIENT.client_secret))).statusCode).toBe(204);
    expect(await signInRefused('eve@example.test', OLD)).toBe(401);
    // A retry after a lost answer finds it gone, which the main API counts as done.
    expect((await remove(basic(CLIENT.client_secret))).statusCode).toBe(404);
  });

  it('ends every sign-in of an account for the registered client only, and keeps the account', async () => {
    const id = await createAccount('fay@example.test');
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${CLIENT.client_id}:${secret}`).toString('base64')}`;
    const signOut = (authorization?: string, sub = id) =>
      app.inject({
        method: 'POST',
        url: `/idp/accounts/${sub}/sign-out`,
        headers: authorization ? { authorization } : {},
      });
    const browser = newBrowser(app);
    const before = await signInThroughPages(browser, { email: 'fay@example.test', password: OLD });
    const tokens = (await exchangeCode(app, before.code, before.verifier)).json<TokenResponse>();
    const pkce = () => ({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
    // Signed in at the provider: a new sign-in goes through without the form.
    const silent = (await browser.follow(await browser.get(authorizeUrl(pkce())))).location;
    expect(silent?.startsWith(REDIRECT_URI)).toBe(true);

    expect((await signOut()).statusCode).toBe(401);
    expect((await signOut(basic('not-the-secret'))).statusCode).toBe(401);
    expect((await signOut(basic(CLIENT.client_secret))).statusCode).toBe(204);

    // The same browser is asked for the password again, and the refresh token is dead.
    const again = await openSignIn(browser, pkce());
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('action=');
    expect((await refreshTokens(app, tokens.refresh_token!)).json()).toMatchObject({
      error: 'invalid_grant',
    });
    // The account itself stays: its owner signs in with the same password.
    await signInThroughPages(newBrowser(app), { email: 'fay@example.test', password: OLD });
    expect((await signOut(basic(CLIENT.client_secret), 'no-such-account')).statusCode).toBe(404);
  });
});
