import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readOutbox } from '@questa/mail';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import { signIn, signUp, submitSignIn } from './support/sign-in';

/**
 * Deleting an account as people meet it, in Chromium against the one-process Questa: a learner
 * asks, is signed out everywhere, reads the date in the mail, and keeps the account by signing in
 * again; an admin deletes someone else's account at once, for a legal request.
 */
describe.skipIf(!browserAvailable)('deleting an account', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const stamp = Date.now().toString(36);
  const password = 'a long enough passphrase';
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US' });
    contexts.push(context);
    return context.newPage();
  }

  /** Mail to `to` whose subject matches, once the outbox has it: it is sent after the answer. */
  async function mailTo(to: string, subject: RegExp, page: Page) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = (await readOutbox(outbox)).find(
        (message) => message.to === to && subject.test(message.subject),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${to} in the outbox`);
      await page.waitForTimeout(100);
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('waits fourteen days, signs the learner out, and is cancelled by signing in again', async () => {
    const page = await newPage();
    const email = `changing-mind-${stamp}@questa.test`;
    await signUp(page, baseUrl, outbox, { name: 'Casey Changing', email, password });

    await page.goto(`${baseUrl}/account`);
    await page.getByText(/Signing in before then cancels the deletion/).waitFor();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account in 14 days?' });
    await dialog.getByText(/signing in keeps your account/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByLabel(/To confirm, type your email address/).fill(email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await page.getByRole('heading', { level: 1, name: 'Your account will be deleted' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account-deleted');
    const due = new Date(new URL(page.url()).searchParams.get('due')!);
    const days = (due.getTime() - Date.now()) / (24 * 60 * 60 * 1000);
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(await accessibilityViolations(page)).toEqual([]);
    const session = await page.request.get(`${baseUrl}/api/session`);
    expect((await session.json()) as unknown).toMatchObject({ user: null });

    const scheduled = await mailTo(email, /deleted in 14 days/, page);
    expect(scheduled.text).toContain('We will delete it in 14 days');
    expect(scheduled.text).toContain('Sign in before then and the deletion is cancelled');

    // The provider's sign-in ended too: keeping the account takes the password.
    await page.getByRole('link', { name: 'Sign in to keep my account' }).click();
    await submitSignIn(page, email, password);
    await page.getByText("Your account's deletion was cancelled.", { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await accessibilityViolations(page)).toEqual([]);
    const cancelled = await mailTo(email, /will not be deleted/, page);
    expect(cancelled.text).toContain(
      'the deletion of your Questa account you asked for is cancelled',
    );
  });

  it('lets an admin delete another account at once, naming it and asking for its email', async () => {
    const learner = await newPage();
    const name = `Lou Legal ${stamp}`;
    const email = `legal-request-${stamp}@questa.test`;
    await signUp(learner, baseUrl, outbox, { name, email, password });

    const admin = await newPage();
    await signIn(admin, baseUrl, 'admin@questa.test');
    await admin.goto(`${baseUrl}/admin`);
    const search = admin.getByRole('search', { name: 'Search users' });
    await search.getByLabel('Email or name').fill(email);
    await search.getByRole('button', { name: 'Search' }).click();
    await admin.getByText('1 user.', { exact: true }).waitFor();
    expect(await accessibilityViolations(admin)).toEqual([]);

    await admin.getByRole('button', { name: `Delete now: ${email}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Delete the account of ${email} now?` });
    await dialog.getByText(/Only for a legal request/).waitFor();
    expect(await accessibilityViolations(admin)).toEqual([]);
    await dialog.getByLabel(/type the account's email address/).fill(email);
    await dialog.getByRole('button', { name: 'Delete the account' }).click();
    await admin.getByRole('status').getByText(`The account of ${email} is deleted.`).waitFor();

    // Gone at once: the learner's browser is signed out, and the address no longer signs in.
    const session = await learner.request.get(`${baseUrl}/api/session`);
    expect((await session.json()) as unknown).toMatchObject({ user: null });
    const audit = await admin.request.get(
      `${baseUrl}/api/admin/audit?action=account.deleted_by_admin`,
    );
    const { events } = (await audit.json()) as { events: { actor: string | null }[] };
    expect(events.length).toBeGreaterThan(0);
    await learner.goto(baseUrl);
    await learner.getByRole('link', { name: 'Sign in', exact: true }).click();
    await submitSignIn(learner, email, password);
    await learner.getByText('Email or password is wrong.').waitFor();
  });
});
