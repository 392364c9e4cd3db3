import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readOutbox } from '@questa/mail';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';

const passwordInput = (page: Page) => page.locator('#field-password');

describe.skipIf(!browserAvailable)('the hosted sign-in pages', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('follow the app into German, toggle the password by keyboard and flag a short one early', async () => {
    // An English browser: only the app's own choice can make the sign-in pages German.
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('de');
    await page.getByRole('link', { name: 'Anmelden', exact: true }).click();

    await page.getByRole('heading', { name: 'Bei Questa anmelden' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The show-password button comes right after the input and works with Space and Enter.
    await page.getByLabel('Passwort', { exact: true }).fill('ein Geheimnis');
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Passwort anzeigen' });
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('#field-password')?.type === 'text',
    );
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('#field-password')?.type === 'password',
    );
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { name: 'Passwort zurücksetzen' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goBack();
    await page.getByRole('link', { name: 'Konto erstellen' }).click();
    await page.getByRole('heading', { name: 'Ihr Questa-Konto erstellen' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A too-short password is flagged while typing, and the form is not sent with it.
    await page.getByLabel('Anzeigename').fill('Kim Kurz');
    await page.getByLabel('E-Mail-Adresse').fill(`kim-${Date.now()}@questa.test`);
    await page.getByLabel('Passwort', { exact: true }).fill('zu kurz');
    await page.getByText('Verwenden Sie mindestens 12 Zeichen. Bisher 7.').waitFor();
    expect(await passwordInput(page).getAttribute('aria-invalid')).toBe('true');
    const signUpUrl = page.url();
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    expect(
      await passwordInput(page).evaluate((input: HTMLInputElement) => input.validity.tooShort),
    ).toBe(true);
    expect(page.url()).toBe(signUpUrl);

    await page.getByLabel('Passwort', { exact: true }).fill('lang genug für Questa');
    await page.getByText('Lang genug.').waitFor();
    expect(await passwordInput(page).getAttribute('aria-invalid')).toBeNull();
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('have no accessibility violation of any impact in English either, down to the new password', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to Questa' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your Questa account' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goBack();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const email = 'learner@questa.test';
    const asked = Date.now();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const link = await vi.waitFor(
      async () => {
        const mail = (await readOutbox(outbox))
          .filter((message) => message.to === email && Date.parse(message.sentAt) >= asked - 1000)
          .at(-1);
        const found = mail?.text.match(/https?:\/\/\S+\/idp\/reset\/password\?token=\S+/)?.[0];
        if (!found) throw new Error('no reset mail yet');
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill('short');
    await page.getByText('Use at least 12 characters. 5 so far.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
