import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { signInOverHttp } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { callAs } from './support/learning';
import { DEMO_PASSWORD, signIn } from './support/sign-in';
import { publishTrueFalseBank } from './support/authoring';
import { setDemoTenantRole } from './support/tenant-roles';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const shoot = async (page: Page, name: string) => {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
};

const desk = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };
const DEMO_CLASS = 'Demo class: World Geography';

/** Two true/false questions whose answers the phone can tell from the stem. */
const questions = [
  { stem: 'The Danube flows through Vienna.', answer: true },
  { stem: 'The Seine flows through Rome.', answer: false },
];

/**
 * A challenge from the class page to the gradebook: the demo teacher gives the demo class a
 * challenge of two questions at 1280 px; the demo learner plays it from To do on a 360 px phone,
 * answers the first, reloads in the middle of the second and finds it still running, answers it
 * and reads the summary with points and place; the teacher's gradebook shows the column with
 * the score (both right: 100 %).
 */
describe.skipIf(!browserAvailable)('a challenge assignment', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now();
  const bankTitle = `Challenge rivers ${stamp}`;
  const title = `River challenge ${stamp}`;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let teacher: Page;
  let classUrl = '';
  const pageErrors: string[] = [];

  async function newPage(options: Parameters<Browser['newContext']>[0] = {}) {
    const created = await browser.newContext(options);
    contexts.push(created);
    const page = await created.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    // A bank of the demo workspace with two published questions, written by its author.
    await setDemoTenantRole(baseUrl, 'author@questa.test', 'owner');
    const { clientId } = await publishTrueFalseBank(
      baseUrl,
      {
        slug: `challenge-rivers-${stamp}`,
        title: bankTitle,
        description: 'Two rivers for a challenge.',
        topic: 'Rivers',
      },
      questions,
    );
    const tess = await signInOverHttp(baseUrl, 'teacher@questa.test', DEMO_PASSWORD);
    const { classes } = (await (
      await callAs(baseUrl, tess, 'GET', `/api/teaching/clients/${clientId}/classes`)
    ).json()) as { classes: { id: string; name: string }[] };
    const demo = classes.find((entry) => entry.name === DEMO_CLASS)!;
    classUrl = `${baseUrl}/classes/${demo.id}?workspace=${clientId}`;

    browser = await launchBrowser();
    teacher = await newPage({ viewport: desk });
    await signIn(teacher, baseUrl, 'teacher@questa.test');
  });
  afterAll(async () => {
    for (const open of contexts) await open.close();
    await browser?.close();
    expect(pageErrors).toEqual([]);
  });

  /** Answers the question on screen right, by its stem. */
  async function answerRight(page: Page, position: number) {
    const card = page.getByRole('region', { name: `Question ${position} of 2` });
    await card.waitFor();
    const stem = (await card.textContent()) ?? '';
    const question = questions.find((candidate) => stem.includes(candidate.stem))!;
    await card.getByRole('radio', { name: question.answer ? 'True' : 'False' }).check();
    await card.getByRole('button', { name: 'Answer' }).click();
    await card.getByText('Right!').waitFor();
  }

  it('lets the teacher give a challenge, which the learner plays on a phone through a reload', async () => {
    await teacher.goto(classUrl);
    const form = teacher.locator('form.give-assignment');
    await form.getByRole('radio', { name: 'Challenge' }).check();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Bank').selectOption({ label: bankTitle });
    await form.getByLabel('Number of questions').fill('2');
    await form.getByLabel('Seconds per question').fill('120');
    await shoot(teacher, 'challenge-give-1280');
    await form.getByRole('button', { name: 'Give assignment' }).click();
    await teacher.getByText(`“${title}” was given with 2 pinned questions.`).waitFor();

    const learner = await newPage({ viewport: desk, hasTouch: true });
    await signIn(learner, baseUrl, 'learner@questa.test');
    await learner.setViewportSize(phone);
    await learner.goto(`${baseUrl}/todo`);
    await learner.getByRole('heading', { name: title }).waitFor();
    await learner.getByRole('button', { name: `Start ${title}` }).click();
    await learner.waitForURL(/\/challenges\/[0-9a-f-]{36}$/);
    await learner.getByRole('heading', { name: 'Ready?' }).waitFor();
    await learner.getByRole('button', { name: 'Start the challenge' }).click();

    await answerRight(learner, 1);
    await shoot(learner, 'challenge-answered-360');
    await learner.getByRole('button', { name: 'Next question' }).click();
    const second = learner.getByRole('region', { name: 'Question 2 of 2' });
    await second.waitFor();
    const before = Number(await learner.getByRole('timer').textContent());

    // A reload comes back to the same question, its clock still running on the server.
    await learner.reload();
    await second.waitFor();
    const after = Number(await learner.getByRole('timer').textContent());
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);
    await shoot(learner, 'challenge-question-360');
    expect(await seriousAccessibilityViolations(learner)).toEqual([]);
    // Nothing sticks out sideways on the phone.
    expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );

    await answerRight(learner, 2);
    await learner.getByRole('button', { name: 'See your result' }).click();
    const summary = learner.getByRole('region', { name: 'Challenge complete' });
    await summary.waitFor();
    await summary.getByText('2 of 2 questions right').waitFor();
    await summary.getByText(/^Place \d+ of \d+ finished attempts? in your class so far$/).waitFor();
    await summary.getByText('Score in the gradebook: 100%').waitFor();
    await shoot(learner, 'challenge-summary-360');
    expect(await seriousAccessibilityViolations(learner)).toEqual([]);
  });

  it('shows the challenge as a column of the teacher’s gradebook with the score', async () => {
    await teacher.goto(classUrl);
    const grid = teacher.getByRole('grid', { name: 'Results of each learner in each assignment' });
    await grid.waitFor();
    const headers = await grid.getByRole('columnheader').allTextContents();
    const column = headers.findIndex((header) => header.includes(title));
    expect(column).toBeGreaterThan(0);
    const row = grid.getByRole('row').filter({ hasText: 'Lena Learner' }).first();
    // The first column is the learner's name, a row header rather than a cell.
    const cell = row.getByRole('gridcell').nth(column - 1);
    await expect.poll(async () => (await cell.textContent()) ?? '').toContain('100%');
    await shoot(teacher, 'challenge-gradebook-1280');
  });
});
