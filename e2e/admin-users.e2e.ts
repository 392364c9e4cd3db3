import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import { signIn, signUp } from './support/sign-in';

const phone = { width: 360, height: 740 };
const desk = { width: 1280, height: 900 };

/**
 * An admin makes a new learner an admin in Chromium against the one-process Questa: finds them by
 * searching, is asked to confirm (and cancelling grants nothing), grants, sees it saved, and finds
 * the change named in the audit log; the users list keeps its actions in view at 360 px, and axe
 * finds no violation of any impact on either tab or in the dialog.
 */
describe.skipIf(!browserAvailable)('admin users and audit log', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const stamp = Date.now().toString(36);
  const name = `Rosa Rise ${stamp}`;
  const email = `rise-${stamp}@questa.test`;
  const password = 'a long enough passphrase';
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  const pageErrors: string[] = [];

  async function newPage() {
    const context = await browser.newContext({ viewport: desk });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  const rolesOf = async (address: string) => {
    const response = await admin.request.get(
      `${baseUrl}/api/admin/users?q=${encodeURIComponent(address)}`,
    );
    const { users } = (await response.json()) as { users: { email: string; roles: string[] }[] };
    return users.find((user) => user.email === address)?.roles;
  };

  beforeAll(async () => {
    browser = await launchBrowser();

    // A new account, so making it an admin changes nothing any other test relies on.
    const learner = await newPage();
    await signUp(learner, baseUrl, outbox, { name, email, password });

    admin = await newPage();
    await signIn(admin, baseUrl, 'admin@questa.test');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('finds the learner, asks before granting admin, grants, and says so', async () => {
    await admin.goto(`${baseUrl}/admin`);
    const search = admin.getByRole('search', { name: 'Search users' });
    await search.getByLabel('Email or name').fill(stamp);
    await search.getByRole('button', { name: 'Search' }).click();
    await admin.getByText('1 user.', { exact: true }).waitFor();
    expect(await accessibilityViolations(admin), 'users').toEqual([]);

    const grant = admin.getByRole('button', { name: `Grant admin to ${email}` });
    await grant.click();
    const dialog = admin.getByRole('dialog', { name: `Make ${name} an admin?` });
    await dialog.getByText(/read the audit log/).waitFor();
    expect(await accessibilityViolations(admin), 'grant dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rolesOf(email)).toEqual([]);
    await grant.waitFor();

    await grant.click();
    await dialog.getByRole('button', { name: 'Grant admin' }).click();
    await admin.getByRole('status').getByText(`${email} is now an admin.`).waitFor();
    await admin.getByRole('button', { name: `Revoke admin from ${email}` }).waitFor();
    expect(await rolesOf(email)).toEqual(['admin']);
  });

  it('keeps each user’s actions in view at 360 px, without scrolling sideways', async () => {
    await admin.setViewportSize(phone);
    const revoke = admin.getByRole('button', { name: `Revoke admin from ${email}` });
    await revoke.waitFor();
    const overflow = await admin.evaluate(() => {
      const region = document.querySelector('.table-scroll')!;
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: region.scrollWidth - region.clientWidth,
      };
    });
    expect(overflow).toEqual({ page: 0, table: 0 });
    expect(
      await revoke.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.left >= 0 && box.right <= document.documentElement.clientWidth;
      }),
    ).toBe(true);
    expect(await accessibilityViolations(admin), 'users at 360 px').toEqual([]);
    await admin.setViewportSize(desk);
  });

  it('finds the grant in the audit log, naming the role it went from and to', async () => {
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const filter = admin.getByRole('search', { name: 'Filter the audit log' });
    await filter.getByLabel('Who').fill('admin@questa.test');
    await filter.getByLabel('What').selectOption('role.granted');
    await filter.getByRole('button', { name: 'Filter' }).click();

    const row = admin.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Role granted', 'Learner → Admin', 'admin@questa.test', email]),
    );
    expect(await accessibilityViolations(admin), 'audit log').toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
