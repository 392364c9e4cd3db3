import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  accessibilityViolations,
  browserAvailable,
  launchBrowser,
  seriousAccessibilityViolations,
} from './support/browser';

describe.skipIf(!browserAvailable)('catalog', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the demo banks on the home page, and a bank page opens', async () => {
    page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Question banks' }).waitFor();

    for (const title of ['World Geography', 'Elements of Chemistry', 'Algebra Essentials']) {
      await page.getByRole('link', { name: new RegExp(title) }).waitFor();
    }
    const cards = page.getByRole('link', { name: /World Geography|Elements of Chemistry/ });
    await expect.poll(() => page.getByText('Premium', { exact: true }).count()).toBeGreaterThan(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    await cards.first().click();
    await page.waitForURL(/\/banks\/[0-9a-f-]{36}$/);
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    expect(await title.textContent()).toMatch(/World Geography|Elements of Chemistry/);
    await expect.poll(() => page.getByText(/questions?/i).count()).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('a learner searches the catalog: filters, sorts, reloads and keeps the state, and opens a bank', async () => {
    page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(baseUrl);
    const count = page.getByRole('status').filter({ hasText: /\d+ banks?$/ });
    const bankLinks = page.getByRole('article').getByRole('heading', { level: 2 });
    await count.waitFor();

    // Filters apply as they are chosen, each into the address.
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('science');
    await page.waitForURL(/\?tag=science$/);
    await expect.poll(() => count.textContent()).toBe('2 banks');
    expect(await bankLinks.allTextContents()).toEqual([
      'Elements of Chemistry',
      'Units and Measurement',
    ]);
    await page.getByRole('combobox', { name: 'Free or premium' }).selectOption('free');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('questions');
    await page.waitForURL(/\?tag=science&access=free&sort=questions$/);

    // Typed with the keyboard: Enter searches at once, in any letter case.
    const search = page.getByRole('searchbox', { name: 'Search titles and descriptions' });
    await search.focus();
    await page.keyboard.type('MEASURE');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=MEASURE/);
    await expect.poll(() => bankLinks.allTextContents()).toEqual(['Units and Measurement']);
    expect(await count.textContent()).toBe('1 bank');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.reload();
    await expect.poll(() => bankLinks.allTextContents()).toEqual(['Units and Measurement']);
    expect(await search.inputValue()).toBe('MEASURE');
    expect(await page.getByRole('combobox', { name: 'Tag' }).inputValue()).toBe('science');
    expect(await page.getByRole('combobox', { name: 'Free or premium' }).inputValue()).toBe('free');
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('questions');

    // Nothing matches: the page says what to change, and clearing brings every bank back.
    await search.fill('no bank is called this');
    await search.press('Enter');
    await page.getByText('No banks match').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goBack();
    await expect.poll(() => bankLinks.allTextContents()).toEqual(['Units and Measurement']);

    await page.getByRole('link', { name: 'Units and Measurement' }).click();
    await page.waitForURL(/\/banks\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Units and Measurement' }).waitFor();
    await page.goBack();
    await expect.poll(() => search.inputValue()).toBe('MEASURE');
    await expect.poll(() => bankLinks.allTextContents()).toEqual(['Units and Measurement']);

    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.waitForURL(/\?sort=questions$/);
    await page.getByRole('link', { name: 'World Geography' }).waitFor();
    expect(await search.inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('serves the client under a strict content security policy', async () => {
    const response = await fetch(`${baseUrl}/banks/anything`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const missing = await fetch(`${baseUrl}/api/no-such-endpoint`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('works on a 360 px wide phone without sideways scrolling', async () => {
    page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Question banks' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('shows the not-found page for an unknown address', async () => {
    page = await browser.newPage();
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(
      await page.getByRole('link', { name: /catalog|home|question banks/i }).count(),
    ).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});
