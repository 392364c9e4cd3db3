import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signIn } from './support/sign-in';
import { setDemoTenantRole } from './support/tenant-roles';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const desk = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };

/**
 * The site header in Chromium for every demo role: at 1280 px the links, the account and the
 * language and theme switches share one row, the less used links behind "More", opened and
 * closed from the keyboard; at 360 px the menu lists them all.
 */
describe.skipIf(!browserAvailable)('the main navigation', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
  });

  const shot = async (page: Page, name: string) => {
    if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png` });
  };
  /** The header's height and whether its parts sit on one row (their tops within a few px). */
  const headerRow = (page: Page) =>
    page.evaluate(() => {
      const inner = document.querySelector('.site-header__inner')!;
      const parts = ['.site-header__brand', '.site-header__nav', '.site-header__tools'].map(
        (selector) => inner.querySelector(selector)!.getBoundingClientRect(),
      );
      const middles = parts.map((box) => box.top + box.height / 2);
      return {
        height: inner.getBoundingClientRect().height,
        oneRow: Math.max(...middles) - Math.min(...middles) < 8,
        scrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
      };
    });

  it.each([
    ['learner', 'learner@questa.test'],
    ['teacher', 'teacher@questa.test'],
    ['admin', 'admin@questa.test'],
    ['author', 'author@questa.test'],
    // A workspace's owner authors, hosts and teaches: the most links of all.
    ['owner', 'author@questa.test'],
  ])(
    'fits the %s’s header on one row at 1280 px, and lists every link at 360 px',
    async (who, email) => {
      // Owners hold everything a teacher does, as the classes' file makes the demo author too.
      if (who === 'owner') await setDemoTenantRole(baseUrl, email, 'owner');
      const context = await browser.newContext({ viewport: desk });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await signIn(page, baseUrl, email);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const more = nav.getByRole('button', { name: 'More' });
      await more.waitFor();
      expect(await headerRow(page)).toEqual({
        height: expect.any(Number),
        oneRow: true,
        scrollsSideways: false,
      });
      expect((await headerRow(page)).height).toBeLessThan(80);
      await shot(page, `nav-${who}-1280`);

      // The keyboard opens "More", Tab reaches its links, Escape closes it and returns to it.
      await more.focus();
      await page.keyboard.press('Enter');
      const account = nav.getByRole('link', { name: 'Account', exact: true });
      await account.waitFor();
      await shot(page, `nav-${who}-1280-more`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Play live');
      await page.keyboard.press('Escape');
      await account.waitFor({ state: 'hidden' });
      expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // A phone: the menu toggle shows every link, "More"'s listed with the rest.
      await page.setViewportSize(phone);
      await page.getByRole('button', { name: 'Menu' }).click();
      await account.waitFor();
      expect(await more.isVisible()).toBe(false);
      expect((await headerRow(page)).scrollsSideways).toBe(false);
      await shot(page, `nav-${who}-360`);
      await page.keyboard.press('Escape');
      await context.close();
    },
  );
});
