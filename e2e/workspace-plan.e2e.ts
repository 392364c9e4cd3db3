import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { startQuesta, type RunningServer } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signIn } from './support/sign-in';
import { setDemoTenantRole } from './support/tenant-roles';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const phone = { width: 360, height: 740 };
const desk = { width: 1280, height: 900 };

/**
 * The workspace plan as an owner meets it, in Chromium against the one-process Questa and its
 * built-in sandbox partner: the demo workspace's owner buys 5 seats with the test card on the
 * partner's hosted page, comes back to a paid plan, raises it to 7 seats after reading the
 * prorated amount in the confirmation, and finds that charge among the workspace's invoices.
 * The demo seed makes the demo author an author; the platform admin makes them the owner first,
 * as the Admin page does.
 */
describe.skipIf(!browserAvailable)('the workspace plan, priced per seat', () => {
  let server: RunningServer;
  let baseUrl = '';
  let browser: Browser;
  let page: Page;
  let clientId = '';
  const pageErrors: string[] = [];

  /** Axe finds nothing serious, nothing overflows at 1280 and 360 px; screenshots on request. */
  async function check(label: string) {
    expect(await seriousAccessibilityViolations(page), label).toEqual([]);
    for (const viewport of [desk, phone]) {
      await page.setViewportSize(viewport);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${label} at ${viewport.width} px`).toBeLessThanOrEqual(0);
      if (screenshots) {
        await page.screenshot({
          path: `${screenshots}/workspace-plan-${label}-${viewport.width}.png`,
          animations: 'disabled',
          fullPage: true,
        });
      }
    }
    await page.setViewportSize(desk);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startQuesta(), launchBrowser()]);
    baseUrl = server.url;
    await setDemoTenantRole(baseUrl, 'author@questa.test', 'owner');
    page = await (await browser.newContext({ viewport: desk })).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('buys 5 seats with the test card on the partner’s page and comes back to a paid plan', async () => {
    await signIn(page, baseUrl, 'author@questa.test');
    const session = await page.evaluate(async () => {
      const response = await fetch('/api/session');
      return (await response.json()) as {
        memberships: { clientId: string; clientName: string; role: string }[];
      };
    });
    const demo = session.memberships.find((m) => m.clientName === 'Questa Demo')!;
    expect(demo.role).toBe('owner');
    clientId = demo.clientId;

    await page.goto(`${baseUrl}/workspaces/${clientId}/plan`);
    await page.getByRole('heading', { name: 'Free workspace' }).waitFor();
    await page.getByText(/The workspace has \d+ members?\./).waitFor();
    await check('free');

    const seats = page.getByRole('spinbutton', { name: 'Seats' });
    await seats.fill('5');
    await page.getByText('€30.00 a month in total').waitFor();
    await page.getByRole('button', { name: 'Buy 5 seats' }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Demo Author');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(new RegExp(`/workspaces/${clientId}/plan`));
    await page.getByText('Payment received: the workspace plan is active.').waitFor({
      timeout: 20_000,
    });
    await page.getByRole('heading', { name: 'Paid workspace' }).waitFor();
    await page.getByText(/^\d+ of 5 seats used$/).waitFor();
    await check('paid');
  }, 120_000);

  it('raises the seats to 7 after reading the prorated charge, and finds it invoiced', async () => {
    const seats = page.getByRole('spinbutton', { name: 'Seats' });
    await seats.fill('7');
    await page.getByRole('button', { name: 'Review change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change to 7 seats?' });
    await dialog.waitFor();
    // Two more seats for (almost) the whole month: just under 2 × €6.00.
    const charge = dialog.getByText(/^€(\d+\.\d\d) is charged now for the rest of this period\.$/);
    await charge.waitFor();
    const amount = (await charge.textContent())!.match(/€(\d+\.\d\d)/)![1]!;
    expect(Number(amount)).toBeGreaterThan(11.5);
    expect(Number(amount)).toBeLessThanOrEqual(12);
    await dialog.getByText('From 5 to 7 seats.', { exact: false }).waitFor();
    await page.setViewportSize(phone);
    if (screenshots) {
      await page.screenshot({ path: `${screenshots}/workspace-plan-confirm-360.png` });
    }
    await page.setViewportSize(desk);
    if (screenshots) {
      await page.screenshot({ path: `${screenshots}/workspace-plan-confirm-1280.png` });
    }
    await dialog.getByRole('button', { name: 'Change to 7 seats' }).click();
    await page.getByText('Saved: the workspace now has 7 seats.').waitFor({ timeout: 20_000 });
    await page.getByText(/^\d+ of 7 seats used$/).waitFor();

    // The prorated invoice arrives by the partner's webhook; the page shows it on a reload.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Invoices' }).waitFor();
          return page.getByRole('cell', { name: `€${amount}` }).count();
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await page.getByRole('cell', { name: '€30.00' }).first().waitFor();
    await check('seven-seats');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('lets the owner of a full free workspace buy seats from its settings and invite a sixth person', async () => {
    // A new workspace of the same owner, free, filled to its 5 members by open invitations.
    const created = await page.evaluate(async () => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-questa-request': '1' },
          body: JSON.stringify(body),
        });
      const workspace = (await (
        await post('/api/workspaces', { name: 'Seats test', slug: `seats-${Date.now()}` })
      ).json()) as { id: string; slug: string };
      const statuses: number[] = [];
      for (const n of [1, 2, 3, 4, 5]) {
        const invited = await post(`/api/workspaces/${workspace.id}/invitations`, {
          email: `seat-${n}@example.test`,
          role: 'viewer',
        });
        statuses.push(invited.status);
      }
      return { ...workspace, statuses };
    });
    expect(created.statuses).toEqual([201, 201, 201, 201, 409]);

    await page.goto(`${baseUrl}/workspaces/${created.slug}/settings`);
    await page.getByText('Members: 5 of 5').waitFor();
    await page.getByRole('link', { name: 'Buy seats to add more members' }).click();
    await page.waitForURL(new RegExp(`/workspaces/${created.id}/plan`));
    await page.getByRole('heading', { name: 'Free workspace' }).waitFor();
    await page.getByRole('spinbutton', { name: 'Seats' }).fill('6');
    await page.getByRole('button', { name: 'Buy 6 seats' }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Demo Author');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Payment received: the workspace plan is active.').waitFor({
      timeout: 20_000,
    });

    // The question database takes the new limit once the main API has sent it, just after.
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/workspaces/${created.slug}/settings`);
          await page.getByText(/^Members: 5 of \d+$/).waitFor();
          return page.getByText('Members: 5 of 6').count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await page.getByText('This workspace is on the paid plan', { exact: false }).waitFor();
    await page.getByLabel('Email').fill('sixth@example.test');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to sixth@example.test.').waitFor();
    await page.getByText('Members: 6 of 6').waitFor();
    await check('settings-paid');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
