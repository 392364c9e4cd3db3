import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { identityDb } from './identity-db';
import { createAccountRepository } from './modules/accounts/account.repository';
import { hashPassword } from './modules/accounts/password';
import { formFor, formsOf } from './testing/browser';
import {
  ISSUER,
  buildApp,
  memoryMail,
  migrateIdentity,
  newBrowser,
  signInThroughPages,
  testDeps,
} from './testing/identity-fixture';

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';

describe('the provider’s mails and sign-out page follow the app’s language', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const mail = memoryMail();
  const newestTo = (email: string) => mail.sent.filter((m) => m.to === email).at(-1);

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    app = await buildApp(testDeps(test.database, { mail }));
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('confirms a sign-up made in German in German, with a link to a German page', async () => {
    const browser = newBrowser(app);
    const page = await browser.get(`${ISSUER}/signup?ui_locales=de`);
    await browser.submit(formFor(page.body, '/signup'), {
      displayName: 'Greta Grün',
      email: 'greta@example.test',
      password: 'ein ausreichend langes Passwort',
    });
    const confirmation = newestTo('greta@example.test')!;
    expect(confirmation.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Questa');
    expect(confirmation.text).toContain('Hallo Greta Grün,');
    const link = linkIn(confirmation.text);
    expect(link).toMatch(/\/idp\/verify\?token=[^&\s]+&ui_locales=de$/);
    const verified = await browser.get(link);
    expect(verified.body).toContain('Ihre E-Mail-Adresse ist bestätigt');
    expect(verified.body).toContain('locale=de');

    // A second sign-up with the address tells the owner, in the language of that form.
    const again = await browser.request('GET', `${ISSUER}/signup`, {
      headers: { 'accept-language': 'de-AT,de;q=0.9' },
    });
    await browser.submit(formFor(again.body, '/signup'), {
      displayName: 'Wer anders',
      email: 'greta@example.test',
      password: 'ein anderes langes Passwort',
    });
    expect(newestTo('greta@example.test')?.subject).toBe('Sie haben bereits ein Questa-Konto');
  });

  it('sends a reset link in the language of the request, and English by default', async () => {
    const browser = newBrowser(app);
    const german = await browser.get(`${ISSUER}/reset?ui_locales=de`);
    await browser.submit(formFor(german.body, '/reset'), { email: 'greta@example.test' });
    const reset = newestTo('greta@example.test')!;
    expect(reset.subject).toBe('Ihr Questa-Passwort zurücksetzen');
    const page = await browser.get(linkIn(reset.text));
    expect(page.body).toContain('Neues Passwort wählen');

    const other = newBrowser(app);
    const english = await other.get(`${ISSUER}/reset`);
    await other.submit(formFor(english.body, '/reset'), { email: 'greta@example.test' });
    expect(newestTo('greta@example.test')?.subject).toBe('Reset your Questa password');
  });

  it('asks to sign out in the language asked for, else the browser’s', async () => {
    const repository = createAccountRepository(identityDb(test.database));
    await repository.create({
      email: 'hans@example.test',
      displayName: 'Hans',
      passwordHash: await hashPassword('ein ausreichend langes Passwort'),
      verified: true,
    });
    const browser = newBrowser(app);
    await signInThroughPages(browser, {
      email: 'hans@example.test',
      password: 'ein ausreichend langes Passwort',
    });

    const asked = await browser.get(`${ISSUER}/session/end?ui_locales=de`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<html lang="de"');
    expect(asked.body).toContain('Von Questa abmelden?');

    const english = await browser.get(`${ISSUER}/session/end`);
    expect(english.body).toContain('Sign out of Questa?');

    const german = await browser.request('GET', `${ISSUER}/session/end`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(german.body).toContain('Von Questa abmelden?');
    const form = formsOf(german.body).find((candidate) =>
      candidate.action.includes('/session/end'),
    );
    const done = await browser.request('POST', form!.action, {
      form: { ...form!.fields, logout: 'yes' },
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(done.statusCode).toBe(303);
    const signedOut = await browser.request('GET', String(done.headers.location), {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(signedOut.body).toContain('<html lang="de"');
    expect(signedOut.body).toContain('Sie sind abgemeldet');
  });
});
