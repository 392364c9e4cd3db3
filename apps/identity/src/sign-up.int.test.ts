import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { buildApp } from './app';
import type { SignInFailedEvent } from './modules/accounts/account.service';
import { createOutboxTransport, readOutbox } from '@questa/mail';
import { formFor } from './testing/browser';
import {
  ISSUER,
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

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';

describe('sign-up, email confirmation and password reset', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let outbox: string;
  let audit: SignInFailedEvent[];

  const newestMailTo = async (email: string) =>
    (await readOutbox(outbox)).filter((m) => m.to === email).at(-1);
  const pkce = () => {
    const { challenge } = pkcePair();
    return { code_challenge: challenge, code_challenge_method: 'S256' };
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    outbox = path.join(await mkdtemp(path.join(tmpdir(), 'questa-identity-')), 'outbox');
    const deps = testDeps(test.database, { mail: createOutboxTransport(outbox) });
    audit = deps.audit;
    app = await buildApp(deps);
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('signs up, refuses sign-in until the email is confirmed, then signs in', async () => {
    const browser = newBrowser(app);
    const page = await openSignIn(browser, { ...pkce(), prompt: 'create' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Create your Questa account');

    const tooShort = await browser.submit(formFor(page.body, '/signup'), {
      displayName: 'Sam Sample',
      email: 'Sam@Example.test',
      password: 'short',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('Use at least 12 characters.');
    expect(tooShort.body).toContain('value="Sam Sample"');
    expect(tooShort.body).toContain('value="Sam@Example.test"');
    expect(tooShort.body).not.toContain('value="short"');
    expect(tooShort.body).toMatch(
      /aria-invalid="true"\s+aria-describedby="field-password-hint field-password-error"/,
    );

    const created = await browser.submit(formFor(tooShort.body, '/signup'), {
      password: 'a long enough password',
    });
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain('Check your email');
    const mail = await newestMailTo('sam@example.test');
    expect(mail?.subject).toBe('Confirm your email for Questa');
    const link = linkIn(mail!.text);
    expect(link.startsWith(`${ISSUER}/verify?token=`)).toBe(true);

    const unverified = await openSignIn(browser, pkce());
    const refused = await browser.submit(formFor(unverified.body, '/login'), {
      email: 'sam@example.test',
      password: 'a long enough password',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Please confirm your email address first');
    const resent = await browser.submit(formFor(refused.body, '/verify/resend'));
    expect(resent.body).toContain('Check your email');
    expect((await readOutbox(outbox)).filter((m) => m.to === 'sam@example.test')).toHaveLength(2);

    const verified = await browser.get(link);
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Your email is confirmed');
    expect(verified.body).toContain('href="http://localhost:8080/api/auth/login"');
    expect(verified.body).toContain('Continue to sign in');

    const { code, verifier } = await signInThroughPages(browser, {
      email: 'SAM@example.test',
      password: 'a long enough password',
    });
    const tokens = (await exchangeCode(app, code, verifier)).json<TokenResponse>();
    expect(decodeJwt(tokens.id_token!)).toMatchObject({
      email: 'sam@example.test',
      email_verified: true,
      name: 'Sam Sample',
      roles: [],
    });
  });

  it('shows the sign-up form on its own page and refuses a post without the form token', async () => {
    const browser = newBrowser(app);
    const page = await browser.get(`${ISSUER}/signup`);
    expect(page.statusCode).toBe(200);
    const form = formFor(page.body, '/signup');
    const values = {
      displayName: 'Tess',
      email: 'tess@example.test',
      password: 'correct horse battery',
    };

    const forged = await newBrowser(app).submit(form, values);
    expect(forged.statusCode).toBe(403);
    const wrongToken = await browser.submit(form, { ...values, csrf: 'x'.repeat(43) });
    expect(wrongToken.statusCode).toBe(403);
    expect(await newestMailTo('tess@example.test')).toBeUndefined();

    expect((await browser.submit(form, values)).statusCode).toBe(200);
    expect(await newestMailTo('tess@example.test')).toBeDefined();
  });

  it('answers a taken email like a new one and tells the owner by mail', async () => {
    const browser = newBrowser(app);
    const page = await browser.get(`${ISSUER}/signup`);
    const response = await browser.submit(formFor(page.body, '/signup'), {
      displayName: 'Someone Else',
      email: 'TESS@example.test',
      password: 'another long password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Check your email');
    expect((await newestMailTo('tess@example.test'))?.subject).toBe(
      'You already have a Questa account',
    );
  });

  it('says a used or unknown confirmation link no longer works', async () => {
    const response = await newBrowser(app).get(`${ISSUER}/verify?token=not-a-token`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This link no longer works');
  });

  it('refuses a wrong password with one sentence and records the attempt', async () => {
    const browser = newBrowser(app, '10.1.2.3');
    const page = await openSignIn(browser, pkce());
    const response = await browser.submit(formFor(page.body, '/login'), {
      email: 'Sam@Example.test',
      password: 'not the password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Email or password is wrong.');
    expect(response.body).toContain('value="Sam@Example.test"');
    expect(audit.at(-1)).toEqual({
      action: 'auth.sign_in_failed',
      actor: null,
      target: 'sam@example.test',
      ip: '10.1.2.3',
      details: {},
    });

    const unknown = await browser.submit(formFor(page.body, '/login'), {
      email: 'nobody@example.test',
      password: 'whatever it is',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('Email or password is wrong.');
  });

  it('resets a forgotten password through a single-use link and signs out everywhere', async () => {
    const session = newBrowser(app);
    const before = await signInThroughPages(session, {
      email: 'sam@example.test',
      password: 'a long enough password',
    });
    const oldTokens = (await exchangeCode(app, before.code, before.verifier)).json<TokenResponse>();

    const browser = newBrowser(app);
    const signInPage = await openSignIn(browser, pkce());
    expect(signInPage.body).toContain(`href="/idp/reset"`);
    const request = await browser.get(`${ISSUER}/reset`);
    const sent = await browser.submit(formFor(request.body, '/reset'), {
      email: 'Sam@example.test',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Check your email');
    const mail = await newestMailTo('sam@example.test');
    expect(mail?.subject).toBe('Reset your Questa password');
    const link = linkIn(mail!.text);

    const unknown = await browser.submit(formFor(request.body, '/reset'), {
      email: 'ghost@example.test',
    });
    expect(unknown.body).toContain('Check your email');
    expect(await newestMailTo('ghost@example.test')).toBeUndefined();

    const form = await browser.get(link);
    expect(form.statusCode).toBe(200);
    const tooShort = await browser.submit(formFor(form.body, '/reset/password'), {
      password: 'short',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('Use at least 12 characters.');
    const changed = await browser.submit(formFor(tooShort.body, '/reset/password'), {
      password: 'a brand new password',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Your password is changed');

    const reused = await browser.get(link);
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain('This link no longer works');

    expect((await refreshTokens(app, oldTokens.refresh_token!)).json()).toMatchObject({
      error: 'invalid_grant',
    });
    const old = await openSignIn(browser, pkce());
    const refused = await browser.submit(formFor(old.body, '/login'), {
      email: 'sam@example.test',
      password: 'a long enough password',
    });
    expect(refused.statusCode).toBe(401);
    await signInThroughPages(newBrowser(app), {
      email: 'sam@example.test',
      password: 'a brand new password',
    });
  });
});
