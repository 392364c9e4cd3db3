import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { startQuesta, type RunningServer } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signIn } from './support/sign-in';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;

const sizes = [
  { name: 'desk', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];

/** Long enough to keep the workspace by hand once, short enough to watch the sweep erase it. */
const GRACE_SECONDS = 25;

/**
 * An owner deletes a workspace: types its name, sees the date on every page, keeps it, deletes it
 * again, and once the grace is over the sweep erases it and it leaves the workspace list. On a
 * server of its own with a grace of seconds instead of fourteen days and a quick sweep.
 */
describe.skipIf(!browserAvailable)('deleting a workspace', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startQuesta({
      env: {
        WORKSPACE_DELETION_GRACE_SECONDS: String(GRACE_SECONDS),
        WORKSPACE_DELETION_SWEEP_INTERVAL_MS: '500',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function check(page: Page, name: string) {
    expect(await seriousAccessibilityViolations(page), name).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} fits the width`).toBeLessThanOrEqual(0);
    if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
  }

  async function scheduleDeletion(page: Page, typed: string) {
    await page.getByRole('button', { name: 'Delete workspace' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('its classes with their assignments and every learner’s results')
      .waitFor();
    await dialog.getByLabel(/^To confirm, type the workspace’s name/).fill(typed);
    await dialog.getByRole('button', { name: 'Delete workspace' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  for (const { name: size, viewport } of sizes) {
    it(
      `schedules, keeps and finally erases a workspace (${viewport.width} px)`,
      { timeout: 120_000 },
      async () => {
        const stamp = `${size}-${Date.now().toString(36)}`;
        const workspaceName = `Closing team ${stamp}`;
        const slug = `closing-team-${stamp}`;
        // Signed in at desk width, where the header shows the link; then at the size tested.
        const context = await browser.newContext({ viewport: sizes[0]!.viewport, locale: 'en-US' });
        const page = await context.newPage();
        await signIn(page, server.url, 'teacher@questa.test');
        await page.setViewportSize(viewport);

        await page.goto(`${server.url}/workspaces`);
        await page.getByLabel('Name', { exact: true }).fill(workspaceName);
        await page.getByText(`${slug} is free.`).waitFor();
        await page.getByRole('button', { name: 'Create workspace' }).click();
        await page.waitForURL(`${server.url}/workspaces/${slug}/settings?created=1`);

        // A wrong name is refused in the dialog; the right one schedules the deletion.
        await page.getByRole('button', { name: 'Delete workspace' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(/^To confirm, type the workspace’s name/).fill('Some other team');
        await dialog.getByRole('button', { name: 'Delete workspace' }).click();
        await dialog.getByText('That is not this workspace’s name or address.').waitFor();
        await check(page, `workspace-deletion-dialog-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await scheduleDeletion(page, workspaceName);

        const banner = page.getByRole('complementary', {
          name: `${workspaceName} is scheduled for deletion`,
        });
        await banner.getByText(`The workspace ${workspaceName} will be deleted on`).waitFor();
        await page.getByText(`${workspaceName} will be deleted on`).first().waitFor();
        await check(page, `workspace-deletion-banner-${viewport.width}`);
        // The banner follows the owner through the app.
        await page.goto(`${server.url}/workspaces`);
        await banner.waitFor();

        await banner.getByRole('button', { name: 'Keep workspace' }).click();
        await page.getByText(`${workspaceName} is kept; nothing in it will be deleted.`).waitFor();
        await banner.waitFor({ state: 'detached' });

        await page.goto(`${server.url}/workspaces/${slug}/settings`);
        await scheduleDeletion(page, slug);
        await banner.waitFor();

        // Once the grace is over the sweep erases it, and it leaves the list of workspaces.
        const deadline = Date.now() + (GRACE_SECONDS + 30) * 1000;
        for (;;) {
          await page.goto(`${server.url}/workspaces`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          const listed = await page.getByText(workspaceName).count();
          if (listed === 0) break;
          if (Date.now() > deadline) throw new Error(`${workspaceName} was not erased in time`);
          await page.waitForTimeout(1000);
        }
        expect(await banner.count()).toBe(0);
        await page.goto(`${server.url}/workspaces/${slug}/settings`);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        await check(page, `workspace-deleted-${viewport.width}`);
        await context.close();
      },
    );
  }
});
