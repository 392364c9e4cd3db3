import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import { signUp, submitSignIn } from './support/sign-in';

describe.skipIf(!browserAvailable)('a learner’s own account', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('changes the password at the provider and downloads the data', async () => {
    const context = await browser.newContext({ locale: 'en-US', acceptDownloads: true });
    const page = await context.newPage();
    const email = `leaving-${Date.now()}@questa.test`;
    const first = 'my first long passphrase';
    const second = 'my second long passphrase';
    await signUp(page, baseUrl, outbox, { name: 'Lee Leaving', email, password: first });

    await page.goto(`${baseUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The password is typed into the provider's page only, never into Questa's.
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/idp/password');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill(second);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The email or current password is wrong.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Current password').fill(first);
    await page.getByLabel('New password').fill(second);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Every session ended: the way back to the account leads through signing in with the new
    // password (that the old one is refused, the provider's integration tests show; sign-in
    // attempts are few per minute, and the other end-to-end files use them too).
    await page.getByRole('link', { name: 'Continue to sign in' }).click();
    await submitSignIn(page, email, second);
    await page.getByText('Password changed. You are signed in with your new password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await accessibilityViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^questa-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { email: string; displayName: string };
      sessions: unknown[];
    };
    expect(data.profile).toMatchObject({ email, displayName: 'Lee Leaving' });
    expect(data.sessions.length).toBeGreaterThan(0);

    await context.close();
  });
});
