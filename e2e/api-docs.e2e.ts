import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';

/**
 * Each API's reference is a page Questa renders itself: everything it needs comes from Questa's
 * own origin, its style sheet is kept by the browser, it has no accessibility violation, and each
 * operation shows how to call it in curl, JavaScript and Python.
 */
describe.skipIf(!browserAvailable)('the API references', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each([
    ['/api', 'Questa API', 'auth', 'Start signing in at the identity provider', 'fetch('],
    [
      '/qdb/api/v1',
      'Questa question database',
      'exchange',
      'Download a bank as GIFT, Moodle XML, QTI 3.0 or CSV',
      "from '@questa/qdb-client'",
    ],
  ])('renders the reference at %s/docs', async (base, title, tag, operation, javascript) => {
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    const blocked: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:')) {
        elsewhere.push(request.url());
      }
    });
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    const response = await page.goto(`${baseUrl}${base}/docs`);
    expect(response?.ok()).toBe(true);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();

    // The contents lead to a tag's operations; an example opens from the keyboard.
    await page.getByRole('navigation').getByRole('link', { name: tag, exact: true }).click();
    const section = page.getByRole('region', { name: tag, exact: true });
    const found = section.getByRole('region').filter({ hasText: operation }).first();
    await found.waitFor();
    const summary = found.locator('summary', { hasText: 'Python' });
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => found.locator('details[open] pre').innerText()).toContain('requests');
    await expect
      .poll(() => page.locator('pre').filter({ hasText: javascript }).count())
      .toBeGreaterThan(0);
    expect(await page.locator('pre').filter({ hasText: 'curl -X' }).count()).toBeGreaterThan(0);

    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await accessibilityViolations(page)).toEqual([]);

    // A second visit takes the style sheet from the browser's cache.
    const sheet = await page.locator('link[rel=stylesheet]').getAttribute('href');
    const css = await page.request.get(`${baseUrl}${sheet}`);
    expect(css.headers()['cache-control']).toContain('immutable');

    const document = await page.request.get(`${baseUrl}${base}/openapi.json`);
    expect(document.ok()).toBe(true);
    expect((await document.json()) as { openapi: string }).toMatchObject({ openapi: '3.1.0' });
    expect(elsewhere).toEqual([]);
    expect(blocked).toEqual([]);
    await page.close();
  });
});
