import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readOutbox } from '@questa/mail';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signIn, signOut, submitSignIn } from './support/sign-in';

describe.skipIf(!browserAvailable)('sign-in and access', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('lets a new user sign up, verify through the mail, sign in, see their name and sign out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `new-learner-${Date.now()}@questa.test`;
    const password = 'a long enough passphrase';

    await page.goto(baseUrl);
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.getByLabel('Display name').fill('Nova Newcomer');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByText(/check your email/i)
      .first()
      .waitFor();

    const mail = (await readOutbox(outbox)).filter((message) => message.to === email).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/idp\/verify\?token=\S+/)?.[0];
    expect(link, 'the verification mail carries a link').toBeTruthy();
    await page.goto(link!);
    await page.getByRole('link', { name: 'Continue to sign in' }).click();

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await submitSignIn(page, email, password);
    await page.getByText('Nova Newcomer').first().waitFor();

    // The browser holds a session cookie it cannot read, and no token anywhere.
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'questa_session')?.httpOnly).toBe(true);
    const storage = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(storage).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);

    await signOut(page);
    expect(await page.getByText('Nova Newcomer').count()).toBe(0);
    await context.close();
  });

  it('lets the demo admin make the demo learner an author, and the learner’s navigation changes', async () => {
    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    await signIn(learner, baseUrl, 'learner@questa.test');
    await learner.getByText('Lena Learner').first().waitFor();
    expect(await learner.getByRole('link', { name: 'Author', exact: true }).count()).toBe(0);
    expect(await learner.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, baseUrl, 'admin@questa.test');
    await admin.getByRole('link', { name: 'Admin', exact: true }).click();
    await admin.getByRole('tab', { name: 'Tenants' }).click();
    await admin.getByLabel('Tenant', { exact: true }).waitFor();
    await admin.getByLabel('User', { exact: true }).selectOption({ label: 'learner@questa.test' });
    await admin.getByLabel('Role', { exact: true }).selectOption({ label: 'Author' });
    await admin.getByRole('button', { name: 'Add member' }).click();
    // Adding a member grants a role, so it is confirmed in a dialog that names it.
    await admin
      .getByRole('dialog', { name: 'Add learner@questa.test to Questa Demo as Author?' })
      .getByRole('button', { name: 'Add member' })
      .click();
    await admin.getByRole('button', { name: 'Remove learner@questa.test' }).waitFor();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await admin
      .getByRole('table', { name: 'Audit log' })
      .getByText('Membership granted')
      .first()
      .waitFor();
    await adminContext.close();

    await learner.reload();
    await learner.getByRole('link', { name: 'Author', exact: true }).waitFor();
    await learner.getByRole('link', { name: 'Author', exact: true }).click();
    await learner.getByText('Questa Demo').first().waitFor();
    await learnerContext.close();
  });

  it('sends a signed-out visitor of a protected page to sign in and back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/account`);
    await submitSignIn(page, 'author@questa.test');
    await page.waitForURL(`${baseUrl}/account`);
    await page.getByText('author@questa.test').first().waitFor();
    await context.close();
  });

  it('shows a page, not JSON, when a sign-in link has gone stale, and signs in from there', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(`${baseUrl}/api/auth/callback?code=old&state=long-gone`);
    expect(response?.status()).toBe(401);
    await page.getByRole('heading', { name: 'Sign-in required' }).waitFor();
    await page.getByText('This sign-in link is not valid any more').waitFor();
    // The page's style is allowed by its policy's hash: nothing was refused, and it applies.
    expect(violations).toEqual([]);
    expect(
      await page.getByRole('main').evaluate((main) => getComputedStyle(main).borderTopLeftRadius),
    ).toBe('16px');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Sign in again' }).click();
    await submitSignIn(page, 'learner@questa.test');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    await context.close();
  });
});
