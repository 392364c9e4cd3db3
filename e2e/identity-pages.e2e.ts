import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';

const passwordInput = (page: Page) => page.locator('#field-password');

describe.skipIf(!browserAvailable)('the hosted sign-in pages', () => {
  const baseUrl = inject('baseUrl');
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
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
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

  it('have no accessibility violation of any impact in English either', async () => {
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
    await context.close();
  });
});
