import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import { answerAnything, grantPremium, openExamStartPage, startExam } from './support/learning';
import { signUp } from './support/sign-in';

/**
 * A learner's short session, in Chromium: the free answers left are shown before starting, a
 * few questions are practised and one bookmarked, practice is finished early with a summary that
 * a reload keeps (the session is closed), the bookmark is found, on a phone-sized screen too, and
 * removed on its own page; then, with premium, a short exam from its start page to its result.
 * Every page on the way is checked with axe.
 */
describe.skipIf(!browserAvailable)('practising briefly, as a free learner', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const email = `short-session-${Date.now()}@questa.test`;
  const password = 'a long enough passphrase';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(() => browser?.close());

  // Not only the serious ones: these pages are to have no violation at all.
  const axe = async () => expect(await accessibilityViolations(page)).toEqual([]);

  it('signs up, and sees the free answers left before starting', async () => {
    await signUp(page, baseUrl, outbox, { name: 'Sam Short-Session', email, password });

    await page.goto(baseUrl);
    await page
      .getByRole('link', { name: /World Geography/ })
      .first()
      .click();
    await page.waitForURL(/\/banks\/[0-9a-f-]{36}$/);
    const practise = page.getByRole('region', { name: 'Practise', exact: true });
    await practise.getByText('20 of 20 free answers left today').waitFor();
    await axe();
  });

  it('practises three questions, bookmarks one, finishes early and reads the summary', async () => {
    await page.getByRole('button', { name: 'Start practising' }).click();
    await page.waitForURL(/\/practice\/[0-9a-f-]{36}$/);

    for (const position of [1, 2, 3]) {
      const question = page.getByRole('region', { name: `Question ${position}`, exact: true });
      await question.waitFor();
      if (position === 1) {
        const bookmark = question.getByRole('button', { name: 'Bookmark', exact: true });
        await bookmark.click();
        await question.locator('button[aria-pressed="true"]').waitFor();
      }
      await answerAnything(question);
      await page.getByRole('button', { name: 'Submit answer' }).click();
      await page.getByRole('region', { name: /^(Correct|Partly right|Wrong)$/ }).waitFor();
      if (position === 1) await axe();
      if (position < 3) await page.getByRole('button', { name: 'Next question' }).click();
    }
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByRole('region', { name: 'Question 4', exact: true }).waitFor();
    await axe();

    // The fourth question is on screen, unanswered, when practice is finished.
    await page.getByRole('button', { name: 'Finish practice' }).click();
    await page.getByRole('heading', { name: 'Practice finished' }).waitFor();
    await page.getByText(/of 3 answers correct/).waitFor();
    const topics = page.getByRole('table', { name: 'By topic' });
    await topics.waitFor();
    const reviews = page.getByRole('table', { name: 'Coming back for review' });
    expect(await reviews.locator('tbody tr').count()).toBe(3);
    await axe();

    // The session is closed on the server: a reload shows the summary again, not the question.
    await page.reload();
    await page.getByRole('heading', { name: 'Practice finished' }).waitFor();
    await page.getByText(/of 3 answers correct/).waitFor();
    await page.getByRole('table', { name: 'Coming back for review' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit answer' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Finish practice' }).count()).toBe(0);
    await axe();
  });

  it('opens the bookmarks from the navigation, at a phone’s width too, and removes one', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'More' }).click();
    await nav.getByRole('link', { name: 'Bookmarks', exact: true }).click();
    await page.waitForURL(`${baseUrl}/bookmarks`);
    await page.getByRole('heading', { level: 1, name: 'Bookmarks' }).waitFor();
    const entry = page.getByRole('listitem').filter({ hasText: 'World Geography' });
    await entry.waitFor();
    await entry.getByText(/^Bookmarked /).waitFor();
    await axe();

    await page.setViewportSize({ width: 360, height: 740 });
    await entry.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await axe();

    // By keyboard: the remove button, then the dialog's confirm.
    await entry.getByRole('button', { name: /^Remove the bookmark/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove this bookmark?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('No bookmarks yet').waitFor();
    await page.getByText('Bookmark removed.').waitFor();
    await axe();
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('takes a short exam with premium, from its start page to its result', async () => {
    await grantPremium(baseUrl, email);
    await page.goto(baseUrl);
    await page
      .getByRole('link', { name: /World Geography/ })
      .first()
      .click();
    await openExamStartPage(page);
    await axe();

    await startExam(page);
    const question = page.getByRole('region', { name: /^Question 1 of/ });
    await question.waitFor();
    await answerAnything(question);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByRole('button', { name: 'Submit exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit the exam?' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(/\/exams\/[0-9a-f-]{36}\/review$/);
    await page
      .getByText(/^(Passed|Not passed)$/)
      .first()
      .waitFor();
    await page.getByRole('table', { name: 'By topic' }).waitFor();
    await axe();
    expect(pageErrors).toEqual([]);
  });
});
