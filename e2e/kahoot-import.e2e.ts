import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { kahootXlsx } from '@questa/question-formats/testing/xlsx';
import { browserAvailable, launchBrowser } from './support/browser';
import { signIn } from './support/sign-in';

const quiz = kahootXlsx([
  ['Which planet is known as the red planet?', 'Venus', 'Mars', 'Jupiter', 'Mercury', 20, 2],
  ['Which of these are gas giants?', 'Jupiter', 'Mars', 'Saturn', 'Venus', 30, '1,3'],
  ['The Moon has its own light.', 'True', 'False', undefined, undefined, 10, 2],
]);

describe.skipIf(!browserAvailable)('importing a Kahoot spreadsheet in the studio', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await signIn(page, baseUrl, 'author@questa.test');
  });
  afterAll(() => browser?.close());

  it('checks the spreadsheet, imports its rows and lists them in the bank, without offering Kahoot as an export', async () => {
    await page.goto(`${baseUrl}/author`);
    const tenant = page.getByRole('region', { name: 'Questa Demo' });
    await tenant.getByRole('button', { name: 'New bank' }).click();
    await page.getByLabel('Title', { exact: true }).fill(`Planets ${Date.now()}`);
    await page.getByRole('button', { name: 'Create bank' }).click();
    await page.waitForURL(/\/author\/banks\/[0-9a-f-]{36}/);
    const bank = page.url();

    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'Planets quiz.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(quiz),
    });
    // The extension chooses the format.
    await expect
      .poll(() => page.getByLabel('Format', { exact: true }).inputValue())
      .toBe('kahoot_xlsx');
    await page.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByRole('region', { name: 'Check results' });
    await report.getByText('Time limits are not kept', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Import all' }).click();
    await page.getByText('Imported 3 questions.', { exact: true }).waitFor();

    await page.goto(bank);
    const list = page.getByRole('list', { name: 'Questions' });
    for (const stem of [
      'Which planet is known as the red planet?',
      'Which of these are gas giants?',
      'The Moon has its own light.',
    ]) {
      await list.getByText(stem, { exact: false }).waitFor();
    }

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const formats = page.getByLabel('Export format');
    await formats.waitFor();
    const offered = await formats.locator('option').allTextContents();
    expect(offered).toContain('CSV');
    expect(offered.some((label) => label.includes('Kahoot'))).toBe(false);
  });
});
