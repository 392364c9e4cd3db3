import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { kahootXlsx } from '@questa/question-formats/testing/xlsx';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import { signIn, signUp } from './support/sign-in';
import { setDemoTenantRole } from './support/tenant-roles';

const quiz = kahootXlsx([
  ['Which planet is known as the red planet?', 'Venus', 'Mars', 'Jupiter', 'Mercury', 20, 2],
  ['Which of these are gas giants?', 'Jupiter', 'Mars', 'Saturn', 'Venus', 30, '1,3'],
  ['The Moon has its own light.', 'True', 'False', undefined, undefined, 10, 2],
]);

/**
 * A quiz made in Kahoot and kept as its spreadsheet template, in Chromium: the author imports it
 * into a new public bank and publishes it, and a learner finds the bank and practises its
 * questions, answering each as the spreadsheet's key says.
 */
describe.skipIf(!browserAvailable)(
  'importing a Kahoot spreadsheet and playing it in practice',
  () => {
    const baseUrl = inject('baseUrl');
    const outbox = path.join(inject('dataDir'), 'outbox');
    const title = `Planets ${Date.now()}`;
    let browser: Browser;
    let page: Page;
    let bank = '';

    beforeAll(async () => {
      // An owner of the demo tenant may publish what they import.
      await setDemoTenantRole(baseUrl, 'author@questa.test', 'owner');
      browser = await launchBrowser();
      page = await (await browser.newContext()).newPage();
      await signIn(page, baseUrl, 'author@questa.test');
    });
    afterAll(() => browser?.close());

    it('checks the spreadsheet, imports its rows and lists them in the bank, without offering Kahoot as an export', async () => {
      await page.goto(`${baseUrl}/author`);
      const tenant = page.getByRole('region', { name: 'Questa Demo' });
      await tenant.getByRole('button', { name: 'New bank' }).click();
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Visibility', { exact: true }).selectOption('public');
      await page.getByRole('button', { name: 'Create bank' }).click();
      await page.waitForURL(/\/author\/banks\/[0-9a-f-]{36}/);
      bank = page.url();

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

    it('publishes the three questions in one bulk action', async () => {
      await page.goto(bank);
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await page.getByText('3 selected', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish 3 questions?' });
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('status').filter({ hasText: '3 published' }).waitFor();
    });

    it('a learner finds the bank and practises each question with the key the spreadsheet gave', async () => {
      const learner = await (await browser.newContext()).newPage();
      await signUp(learner, baseUrl, outbox, {
        name: 'Kim Kahoot',
        email: `kahoot-${Date.now()}@questa.test`,
        password: 'a long enough passphrase',
      });
      // The catalog is cached for a few seconds: look again until the new bank is listed.
      const link = learner.getByRole('link', { name: new RegExp(title) }).first();
      await expect
        .poll(
          async () => {
            await learner.goto(`${baseUrl}/?q=${encodeURIComponent(title)}`);
            await learner.getByRole('heading', { level: 1 }).first().waitFor();
            return link.count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      await link.click();
      await learner.waitForURL(/\/banks\/[0-9a-f-]{36}$/);
      await learner.getByRole('button', { name: 'Start practising' }).click();
      await learner.waitForURL(/\/practice\/[0-9a-f-]{36}$/);

      // The spreadsheet's answers: Mars; Jupiter and Saturn; False. Draws come in any order.
      const keys: Record<string, string[]> = {
        'red planet': ['Mars'],
        'gas giants': ['Jupiter', 'Saturn'],
        'own light': ['False'],
      };
      const seen = new Set<string>();
      for (const position of [1, 2, 3]) {
        const question = learner.getByRole('region', { name: `Question ${position}`, exact: true });
        await question.waitFor();
        const text = (await question.textContent()) ?? '';
        const [topic, answers] = Object.entries(keys).find(([words]) => text.includes(words)) ?? [];
        expect(topic, `an imported question: ${text}`).toBeDefined();
        seen.add(topic!);
        for (const answer of answers!) {
          await question
            .getByRole(answers!.length > 1 ? 'checkbox' : 'radio', { name: answer })
            .check();
        }
        await learner.getByRole('button', { name: 'Submit answer' }).click();
        await learner.getByRole('region', { name: 'Correct', exact: true }).waitFor();
        if (position === 1) expect(await accessibilityViolations(learner)).toEqual([]);
        await learner.getByRole('button', { name: 'Next question' }).click();
      }
      expect([...seen].sort()).toEqual(Object.keys(keys).sort());
      await learner.close();
    });
  },
);
