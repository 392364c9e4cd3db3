import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser } from './support/browser';

/**
 * Each API's interactive reference renders in the browser from Questa itself: the script, the
 * document and everything else come from Questa's own origin, with nothing fetched from a CDN.
 */
describe.skipIf(!browserAvailable)('the API references', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each([
    ['/api', 'Questa API', 'auth', 'Start signing in at the identity provider'],
    [
      '/qdb/api/v1',
      'Questa question database',
      'exchange',
      'Download a bank as GIFT, Moodle XML, QTI 3.0 or CSV',
    ],
  ])('renders the reference at %s/docs', async (base, title, tag, operation) => {
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:')) {
        elsewhere.push(request.url());
      }
    });
    const response = await page.goto(`${baseUrl}${base}/docs`);
    expect(response?.ok()).toBe(true);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    // Operations are grouped by tag; opening one shows what it holds.
    await page.getByRole('button', { name: `Open Group - ${tag}`, exact: true }).click();
    await page.getByText(operation).first().waitFor();

    const document = await page.request.get(`${baseUrl}${base}/openapi.json`);
    expect(document.ok()).toBe(true);
    expect((await document.json()) as { openapi: string }).toMatchObject({ openapi: '3.1.0' });
    expect(elsewhere).toEqual([]);
    await page.close();
  });
});
