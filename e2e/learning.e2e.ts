import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  accessibilityViolations,
  browserAvailable,
  launchBrowser,
  seriousAccessibilityViolations,
} from './support/browser';
import { answerAnything, openExamStartPage } from './support/learning';
import { signIn, signUp } from './support/sign-in';

/**
 * A new learner's first day, in Chromium: practise a bank until the free allowance runs out,
 * get premium, take a timed exam with a reload in the middle, read the result, then find the
 * missed questions in the reviews and the results on the progress page.
 */
describe.skipIf(!browserAvailable)('learning, as a new learner', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const email = `first-day-${Date.now()}@questa.test`;
  const password = 'a long enough passphrase';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let bankId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(() => browser?.close());

  const axe = async () => expect(await seriousAccessibilityViolations(page)).toEqual([]);

  it('signs up and opens a bank', async () => {
    await signUp(page, baseUrl, outbox, { name: 'Fay First-Day', email, password });

    await page.goto(baseUrl);
    await page
      .getByRole('link', { name: /World Geography/ })
      .first()
      .click();
    await page.waitForURL(/\/banks\/[0-9a-f-]{36}$/);
    bankId = /([0-9a-f-]{36})$/.exec(page.url())![1]!;
  });

  it('practises with feedback and explanations, until the daily allowance runs out', async () => {
    await page.getByRole('button', { name: 'Start practising' }).click();
    await page.waitForURL(/\/practice\/[0-9a-f-]{36}$/);
    await page.getByText('20 of 20 free answers left today').waitFor();
    await axe();

    let quotaReached = false;
    for (let position = 1; position <= 21; position++) {
      const question = page.getByRole('region', { name: `Question ${position}`, exact: true });
      await question.waitFor();
      await answerAnything(question);
      await page.getByRole('button', { name: 'Submit answer' }).click();
      // Feedback is a region named by its verdict in words, not by colour alone.
      const feedback = page.getByRole('region', { name: /^(Correct|Partly right|Wrong)$/ });
      const quota = page.getByText("You've used today's 20 free answers");
      await feedback.or(quota).first().waitFor();
      if (await quota.isVisible()) {
        quotaReached = true;
        expect(position).toBe(21);
        break;
      }
      await feedback.getByText('Correct answer', { exact: true }).first().waitFor();
      if (position === 1) {
        await feedback.getByText(/comes back for review/).waitFor();
        await axe();
      }
      await page.getByRole('button', { name: 'Next question' }).click();
    }
    expect(quotaReached).toBe(true);
    // What premium gives is shown, and the typed answer is still there.
    await page.getByText('unlimited practice').waitFor();
    await page.getByText('timed mock exams').waitFor();
    await axe();
  });

  it('gets premium and extra exam time from an admin, on the admin page', async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, baseUrl, 'admin@questa.test');
    await admin.goto(`${baseUrl}/admin`);
    // The users tab shows a page at a time; the search finds the learner wherever they are.
    const search = admin.getByRole('search', { name: 'Search users' });
    await search.getByLabel('Email or name').fill(email);
    await search.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('button', { name: `Grant premium to ${email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Premium for Fay First-Day' });
    await dialog.getByRole('radio', { name: 'Until revoked' }).check();
    await dialog.getByRole('button', { name: 'Grant premium' }).click();
    await admin.getByRole('button', { name: `Change premium for ${email}` }).waitFor();
    await admin
      .getByRole('combobox', { name: `Extra exam time for ${email}` })
      .selectOption({ label: '+25%' });
    await admin.getByText(`${email} now has 25% extra exam time.`).waitFor();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await adminContext.close();
  });

  it('reads the exam’s start page first: its length, its time with the extra time, its clock', async () => {
    await page.goto(`${baseUrl}/banks/${bankId}`);
    await openExamStartPage(page);
    const fact = (term: string) => page.locator('dt', { hasText: term }).locator('+ dd');
    expect(await fact('Questions').textContent()).toBe('20');
    // 20 questions at 90 s each, plus the 25 % an admin granted.
    expect(await fact('Time limit').textContent()).toBe(
      '37 min 30 s including your 25 % extra time',
    );
    await page.getByText(/It cannot be paused/).waitFor();
    await page.getByText(/At the deadline, the answers you have given are submitted/).waitFor();
    expect(page.url()).toMatch(/\/banks\/[0-9a-f-]{36}\/exams\/default$/);
    expect(await accessibilityViolations(page)).toEqual([]);

    // On a 360 px phone it reads without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('takes a timed exam, with the extra time, reloads mid-way, and reads the result', async () => {
    // Started from the keyboard: the clock runs only from this press.
    const start = page.getByRole('button', { name: 'Start the exam' });
    await start.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/exams\/[0-9a-f-]{36}$/.test(url.pathname));
    const timer = page.getByRole('timer');
    await timer.waitFor();
    // 20 questions at 90 s each, plus the 25 % an admin granted: 37:30.
    expect(await timer.textContent()).toMatch(/3[67]:\d\d/);

    for (let position = 1; position <= 3; position++) {
      const question = page.getByRole('region', { name: new RegExp(`^Question ${position} of`) });
      await question.waitFor();
      await answerAnything(question);
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await axe();
    const before = await timer.textContent();

    await page.reload();
    await timer.waitFor();
    const navigator = page.getByRole('navigation', { name: 'Questions' });
    const answeredNumbers = async () => {
      const names = await navigator
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.textContent ?? ''));
      return names.flatMap((name, index) => (/, answered/.test(name) ? [index + 1] : []));
    };
    await expect.poll(answeredNumbers).toEqual([1, 2, 3]);
    // The countdown goes on from the server's deadline, not from the start again.
    const after = await timer.textContent();
    expect(after! <= before!).toBe(true);

    await page.getByRole('button', { name: 'Submit exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit the exam?' });
    await dialog.getByText(/17 questions are not answered yet/).waitFor();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(/\/exams\/[0-9a-f-]{36}\/review$/);
    await page
      .getByText(/^(Passed|Not passed)$/)
      .first()
      .waitFor();
    await page.getByText('Missed questions are now in your reviews').waitFor();
    await page.getByText('Correct answer', { exact: true }).first().waitFor();
    // The summary first: the score by topic, and the way to take the exam again.
    await page.getByRole('table', { name: 'By topic' }).waitFor();
    const tryAgain = page.getByRole('link', { name: 'Try again' });
    expect(await tryAgain.getAttribute('href')).toBe(`/banks/${bankId}/exams/default`);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Only the wrong answers: the 17 left unanswered are among them.
    const questions = page.getByRole('article');
    const all = await questions.count();
    const missed = page.getByRole('radio', { name: /^Wrong \(\d+\)$/ });
    await missed.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/\?show=wrong$/);
    const label = page.locator('label').filter({ has: missed });
    const missedCount = Number(/\((\d+)\)/.exec((await label.textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(() => questions.count()).toBe(missedCount);
    expect(missedCount).toBeGreaterThanOrEqual(17);
    expect(missedCount).toBeLessThanOrEqual(all);
    await page.getByText(`Showing ${missedCount} of ${all} questions.`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // On a 360 px phone the result reads without sideways scrolling too.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('finds the missed questions due in the reviews', async () => {
    await page.getByRole('link', { name: 'Review', exact: true }).first().click();
    await page.waitForURL(/\/review$/);
    await page.getByText(/^Card 1 of \d+$/).waitFor();
    await axe();
    const card = page.getByRole('main');
    await answerAnything(card);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page
      .getByText(/^(Correct|Wrong|Partly right)$/)
      .first()
      .waitFor();
    await page.getByText(/Next review/).waitFor();
    await axe();
  });

  it('shows the results on the progress page, as charts with tables', async () => {
    await page.getByRole('link', { name: 'Progress', exact: true }).first().click();
    await page.waitForURL(/\/progress$/);
    await page.getByRole('heading', { name: 'Accuracy by topic' }).waitFor();
    await page.getByRole('img', { name: /Accuracy by topic/ }).waitFor();
    await page.getByRole('heading', { name: 'Answers over the last 30 days' }).waitFor();
    const exams = page
      .getByRole('table', { name: /Exams/ })
      .or(page.getByRole('region', { name: 'Exams' }));
    await exams.first().waitFor();
    await page
      .getByText(/^(Passed|Failed)$/)
      .first()
      .waitFor();
    await axe();
    expect(pageErrors).toEqual([]);
  });

  it('shows the bank’s authors item statistics from these answers in the studio', async () => {
    const authorContext = await browser.newContext();
    const author = await authorContext.newPage();
    await signIn(author, baseUrl, 'author@questa.test');
    await author.goto(`${baseUrl}/author/banks/${bankId}`);
    await author.getByRole('heading', { name: 'Item statistics' }).waitFor();
    await author.getByText(/Learners answered \d+ questions?/).waitFor();
    await author
      .getByText(/Facility \d+/)
      .first()
      .waitFor();
    expect(await seriousAccessibilityViolations(author)).toEqual([]);
    await authorContext.close();
  });
});
