import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { createAccount, mailTo } from './support/sign-in';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;

const riversGift = [
  '::r1::Which sea does the Danube flow into? {=Black Sea ~North Sea}',
  '::r2::The Nile is in Africa. {T}',
  '::r3::Which river flows through Paris? {=Seine ~Loire ~Rhône}',
].join('\n\n');

const password = 'a long enough passphrase';

const sizes = [
  { name: 'desk', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];

/**
 * A team starts from nothing: a new person signs up, creates a workspace, imports a GIFT file
 * into a bank and publishes it as its only owner, then invites a colleague who has no account;
 * the colleague signs up through the invitation's link and lands as a member. On a desk and on a
 * phone, with axe and no sideways scrolling on every workspace page.
 */
describe.skipIf(!browserAvailable)('workspaces and invitations', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function check(page: Page, name: string) {
    expect(await seriousAccessibilityViolations(page), name).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} fits the width`).toBeLessThanOrEqual(0);
    if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
  }

  for (const { name: size, viewport } of sizes) {
    it(`goes from a new account to a team of two (${viewport.width} px)`, async () => {
      const stamp = `${size}-${Date.now().toString(36)}`;
      const owner = { name: `Olga Owner ${stamp}`, email: `olga-${stamp}@questa.test` };
      const colleague = { name: `Carl Colleague ${stamp}`, email: `carl-${stamp}@questa.test` };
      const workspaceName = `Rivers team ${stamp}`;
      const ownerContext = await browser.newContext({ viewport, locale: 'en-US' });
      const page = await ownerContext.newPage();

      // A new person signs up and is sent on to create a workspace.
      await page.goto(
        `${baseUrl}/api/auth/login?${new URLSearchParams({ signup: '1', returnTo: '/workspaces' })}`,
      );
      await createAccount(page, outbox, { ...owner, password });
      await page.getByText(owner.name).first().waitFor({ state: 'attached' });
      await page.goto(`${baseUrl}/workspaces`);
      await page.getByText('You belong to no workspace yet').waitFor();
      await check(page, `workspaces-empty-${viewport.width}`);

      await page.getByLabel('Name', { exact: true }).fill(workspaceName);
      const slug = `rivers-team-${stamp}`;
      expect(await page.getByLabel(/^Address/).inputValue()).toBe(slug);
      await page.getByText(`${slug} is free.`).waitFor();
      await page.getByRole('button', { name: 'Create workspace' }).click();
      await page.waitForURL(`${baseUrl}/workspaces/${slug}/settings?created=1`);
      await page.getByText(`${workspaceName} is ready, and you own it.`).waitFor();
      await check(page, `workspace-settings-${viewport.width}`);

      // Into the studio: a bank, a GIFT file, and publishing without anyone else.
      await page.getByRole('link', { name: 'Open in the studio' }).click();
      const workspace = page.getByRole('region', { name: workspaceName });
      await workspace.getByRole('button', { name: 'New bank' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Rivers');
      await page.getByRole('button', { name: 'Create bank' }).click();
      await page.waitForURL(/\/author\/banks\/[0-9a-f-]{36}/);
      const bank = page.url();
      await page.getByRole('link', { name: 'Import', exact: true }).click();
      await page.getByLabel('File', { exact: true }).setInputFiles({
        name: 'rivers.gift',
        mimeType: 'text/plain',
        buffer: Buffer.from(riversGift),
      });
      await page.getByRole('button', { name: 'Check file' }).click();
      await page.getByRole('region', { name: 'Check results' }).waitFor();
      await page.getByRole('button', { name: 'Import all' }).click();
      await page.getByText('Imported 3 questions.').waitFor();

      await page.goto(bank);
      const list = page.getByRole('list', { name: 'Questions' });
      await expect.poll(() => list.getByRole('link').count()).toBe(3);
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const publish = page.getByRole('dialog', { name: 'Publish 3 questions?' });
      await publish.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('status').filter({ hasText: '3 published' }).waitFor();
      await expect.poll(() => list.getByText('Published', { exact: true }).count()).toBe(3);

      // The owner invites a colleague who has no account yet.
      await page.goto(`${baseUrl}/workspaces/${slug}/settings`);
      await page.getByLabel('Email', { exact: true }).fill(colleague.email);
      await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Author' });
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`Invitation sent to ${colleague.email}.`).waitFor();
      await page
        .getByRole('table', { name: 'Invitations' })
        .getByText('Open', { exact: true })
        .waitFor();
      await check(page, `workspace-invited-${viewport.width}`);

      // The colleague opens the mailed link on their own device, creates an account from it…
      const invitationMail = await mailTo(outbox, colleague.email);
      expect(invitationMail.subject).toContain(workspaceName);
      const link = invitationMail.text.match(/https?:\/\/\S+\/invitations\/[\w-]+/)![0];
      const colleagueContext = await browser.newContext({ viewport, locale: 'en-US' });
      const other = await colleagueContext.newPage();
      await other.goto(link);
      await other.getByText(`You are invited to join ${workspaceName} as Author.`).waitFor();
      await check(other, `invitation-${viewport.width}`);
      await other.getByRole('link', { name: 'Create an account to join' }).click();
      await createAccount(other, outbox, { ...colleague, password });

      // …comes back to the invitation once signed in, joins, and lands as a member.
      await other.getByRole('button', { name: `Join ${workspaceName}` }).click();
      await other.waitForURL(/\/workspaces\?joined=/);
      await other.getByText(`You joined ${workspaceName} as Author.`).waitFor();
      await check(other, `workspaces-joined-${viewport.width}`);
      const session = (await (await other.request.get(`${baseUrl}/api/session`)).json()) as {
        memberships: { clientName: string; role: string }[];
      };
      expect(session.memberships).toEqual([
        expect.objectContaining({ clientName: workspaceName, role: 'author' }),
      ]);

      // The link worked once; the owner sees it used, and the new member among the members.
      await other.goto(link);
      await other.getByText('This invitation has been used already.', { exact: false }).waitFor();
      await page.reload();
      await page
        .getByRole('table', { name: 'Invitations' })
        .getByText('Accepted', { exact: true })
        .waitFor();
      await page.getByRole('table', { name: 'Members' }).getByText(colleague.name).waitFor();

      await colleagueContext.close();
      await ownerContext.close();
    });
  }
});
