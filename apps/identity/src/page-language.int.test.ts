import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { buildApp } from './app';
import { formFor } from './testing/browser';
import {
  migrateIdentity,
  newBrowser,
  openSignIn,
  pkcePair,
  testDeps,
} from './testing/identity-fixture';

const germanBrowser = { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' };

describe('the language of the hosted pages, and the password rule on them', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const pkce = () => ({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    app = await buildApp(testDeps(test.database));
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('speaks German when the app asks for it with ui_locales, and passes that on', async () => {
    const browser = newBrowser(app);
    const signIn = await openSignIn(browser, { ...pkce(), ui_locales: 'de' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('<html lang="de">');
    expect(signIn.body).toContain('<h1>Bei Questa anmelden</h1>');
    expect(signIn.body).toContain('Passwort anzeigen');
    expect(signIn.body).toContain('href="/idp/reset?ui_locales=de"');

    const wrong = await browser.submit(formFor(signIn.body, '/login'), {
      email: 'nobody@example.test',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('E-Mail-Adresse oder Passwort ist falsch.');

    const signUpHref = /href="([^"]*\?screen=signup)"/.exec(signIn.body)![1]!;
    const signUp = await browser.get(signUpHref);
    expect(signUp.body).toContain('<html lang="de">');
    expect(signUp.body).toContain('<h1>Ihr Questa-Konto erstellen</h1>');

    const reset = await browser.get('/idp/reset?ui_locales=de');
    expect(reset.body).toContain('<html lang="de">');
    expect(reset.body).toContain('<h1>Passwort zurücksetzen</h1>');
  });

  it('follows the browser’s languages when the app names none', async () => {
    const browser = newBrowser(app);
    for (const path of ['/idp/signup', '/idp/reset']) {
      const page = await browser.request('GET', path, { headers: germanBrowser });
      expect(page.body).toContain('<html lang="de">');
    }
    const signUp = await browser.request('GET', '/idp/signup', { headers: germanBrowser });
    expect(signUp.body).toContain('Mindestens 12 Zeichen.');
    // The sign-in link leads back through the app, which is told the language.
    expect(signUp.body).toContain('href="http://localhost:8080/api/auth/login?locale=de"');

    const signIn = await openSignIn(browser, pkce());
    const interaction = formFor(signIn.body, '/login').action.replace(/\/login$/, '');
    const german = await browser.request('GET', interaction, { headers: germanBrowser });
    expect(german.body).toContain('<h1>Bei Questa anmelden</h1>');

    const english = await browser.request('GET', '/idp/signup', {
      headers: { 'accept-language': 'fr-FR, en;q=0.8, de;q=0.5' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Create your Questa account</h1>');
  });

  it('lets the app’s choice win over the browser’s languages', async () => {
    const browser = newBrowser(app);
    const page = await openSignIn(browser, { ...pkce(), ui_locales: 'en' });
    expect(page.body).toContain('<html lang="en">');
    const reset = await browser.request('GET', '/idp/reset?ui_locales=en', {
      headers: germanBrowser,
    });
    expect(reset.body).toContain('<h1>Reset your password</h1>');
  });

  it('puts the password rule on the input and checks it again on the server', async () => {
    const browser = newBrowser(app);
    const signUp = await browser.get('/idp/signup?ui_locales=de');
    expect(signUp.body).toMatch(/minlength="12"\s+maxlength="256"/);
    expect(signUp.body).toMatch(/<script src="\/idp\/assets\/password\.js\?v=\w+" defer>/);

    // A browser without the page's checks, or a crafted post, meets the same rule.
    const form = formFor(signUp.body, '/signup');
    expect(form.fields.ui_locales).toBe('de');
    const tooShort = await browser.submit(form, {
      displayName: 'Kim Kurz',
      email: 'kim@example.test',
      password: 'elf Zeichen',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('<html lang="de">');
    expect(tooShort.body).toContain('Verwenden Sie mindestens 12 Zeichen.');

    // Counted in characters, as people see them: eleven emoji are eleven, not twenty-two.
    const emoji = await browser.submit(formFor(tooShort.body, '/signup'), {
      displayName: 'Kim Kurz',
      email: 'kim@example.test',
      password: '🙂'.repeat(11),
    });
    expect(emoji.statusCode).toBe(400);

    const tooLong = await browser.submit(formFor(emoji.body, '/signup'), {
      displayName: 'Kim Kurz',
      email: 'kim@example.test',
      password: 'x'.repeat(257),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Verwenden Sie höchstens 256 Zeichen.');

    const created = await browser.submit(formFor(tooLong.body, '/signup'), {
      displayName: 'Kim Kurz',
      email: 'kim@example.test',
      password: '🙂'.repeat(12),
    });
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain('Prüfen Sie Ihre E-Mails');
  });

  it('puts the logo in the page banner and serves the password script', async () => {
    const browser = newBrowser(app);
    const page = await browser.get('/idp/reset');
    expect(page.body).toMatch(/<header class="masthead">\s*<a class="brand"/);
    const signUp = await browser.get('/idp/signup');
    const script = /src="(\/idp\/assets\/password\.js\?v=\w+)"/.exec(signUp.body)![1]!;
    const asset = await browser.get(script);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
  });
});
