import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInOverHttp } from '@questa/gateway/testing';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import { callAs, grantPremium, openExamStartPage, startExam } from './support/learning';
import { DEMO_PASSWORD, signIn, signUp } from './support/sign-in';

const ESSAY = {
  type: 'essay',
  stem: 'Why do so many capital cities lie on a river?',
  topic: 'Capitals',
  difficulty: 2,
  points: 2,
  rubric: '- Names **trade** on the river\n- Names fresh **water**',
  modelAnswer: 'Rivers carried trade and supplied water, so towns on them grew into capitals.',
  maxWords: 150,
};

/** A JSON call that must succeed, returning its body. */
async function ok<T>(
  call: Promise<{ status: number; json: () => Promise<unknown> }>,
  what: string,
) {
  const response = await call;
  if (response.status >= 300) throw new Error(`${what} failed: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * An essay in an exam, in Chromium: the learner writes it and sees the result awaiting grading
 * with a provisional total; the demo author, a member of the bank's tenant, grades it in the
 * grading queue by keyboard; the learner then sees the grade, the comment and the final result.
 * The bank and its published essay are made through the APIs first, by the demo admin as an owner
 * of the demo tenant. Every new page is checked with axe.
 */
describe.skipIf(!browserAvailable)('grading an essay from an exam', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const stamp = Date.now();
  const email = `essayist-${stamp}@questa.test`;
  const password = 'a long enough passphrase';
  const bankTitle = `Essays on capitals ${stamp}`;
  let browser: Browser;
  let learner: Page;
  let author: Page;
  let bankId: string;
  let reviewUrl: string;
  const pageErrors: string[] = [];

  const axe = async (page: Page) => expect(await accessibilityViolations(page)).toEqual([]);

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await signInOverHttp(baseUrl, 'admin@questa.test', DEMO_PASSWORD);
    const authorCookie = await signInOverHttp(baseUrl, 'author@questa.test', DEMO_PASSWORD);
    const authorSession = await ok<{ memberships: { clientId: string }[] }>(
      callAs(baseUrl, authorCookie, 'GET', '/api/session'),
      'Reading the author’s session',
    );
    const clientId = authorSession.memberships[0]!.clientId;
    const adminSession = await ok<{ user: { sub: string } }>(
      callAs(baseUrl, admin, 'GET', '/api/session'),
      'Reading the admin’s session',
    );
    // Only an owner publishes; the author stays an author, who grades.
    await ok(
      callAs(
        baseUrl,
        admin,
        'PUT',
        `/api/admin/tenants/${clientId}/members/${adminSession.user.sub}`,
        {
          role: 'owner',
        },
      ),
      'Making the admin an owner',
    );
    const qdb = `/qdb/api/v1/clients/${clientId}`;
    const bank = await ok<{ id: string }>(
      callAs(baseUrl, admin, 'POST', `${qdb}/banks`, {
        slug: `essays-${stamp}`,
        title: bankTitle,
        visibility: 'public',
      }),
      'Creating the bank',
    );
    bankId = bank.id;
    const question = await ok<{ id: string; revision: number }>(
      callAs(baseUrl, admin, 'POST', `${qdb}/banks/${bankId}/questions`, { content: ESSAY }),
      'Writing the essay question',
    );
    // A draft goes through review to be published.
    let revision = question.revision;
    for (const action of ['submit', 'publish']) {
      const moved = await ok<{ revision: number }>(
        callAs(baseUrl, admin, 'POST', `${qdb}/questions/${question.id}/transitions`, {
          action,
          expectedRevision: revision,
        }),
        `The essay question's ${action}`,
      );
      revision = moved.revision;
    }
  });
  afterAll(() => browser?.close());

  it('lets a learner write the essay in an exam, and shows the result awaiting grading', async () => {
    const context = await browser.newContext();
    learner = await context.newPage();
    learner.on('pageerror', (error) => pageErrors.push(error.message));
    await signUp(learner, baseUrl, outbox, { name: 'Esme Essayist', email, password });
    await grantPremium(baseUrl, email);

    await learner.goto(`${baseUrl}/banks/${bankId}`);
    await learner.getByRole('heading', { level: 1, name: bankTitle }).waitFor();
    await openExamStartPage(learner);
    await startExam(learner);
    const question = learner.getByRole('region', { name: /^Question 1 of 1/ });
    await question.waitFor();
    const box = question.getByRole('textbox', { name: 'Your answer' });
    await box.fill('Rivers brought trade and water, and towns on them grew.');
    await question.getByText('10 words · at most 150 words').waitFor();
    await learner.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await axe(learner);

    await learner.getByRole('button', { name: 'Submit exam' }).click();
    const dialog = learner.getByRole('dialog', { name: 'Submit the exam?' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await learner.waitForURL(/\/exams\/[0-9a-f-]{36}\/review$/);
    reviewUrl = learner.url();
    await learner.getByText('Awaiting grading', { exact: true }).waitFor();
    await learner
      .getByText(/^1 answer awaits grading, worth 2 points\. This result is provisional/)
      .waitFor();
    await learner.getByText(/^0 of 2 points/).waitFor();
    await axe(learner);
  });

  it('lets the author grade it in the grading queue, by keyboard, with a saved notice', async () => {
    const context = await browser.newContext();
    author = await context.newPage();
    author.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(author, baseUrl, 'author@questa.test');
    await author.goto(`${baseUrl}/author`);
    await author
      .getByRole('region', { name: 'Questa Demo' })
      .getByRole('link', { name: 'Grading queue of Questa Demo' })
      .click();
    await author.getByRole('heading', { level: 1, name: 'Grading queue' }).waitFor();
    const entry = author.getByRole('link', { name: new RegExp(ESSAY.stem.replace('?', '\\?')) });
    await entry.first().waitFor();
    // Nobody's email reaches the grader: the learner has a pseudonym.
    expect(await author.getByText(email).count()).toBe(0);
    await author
      .getByText(/Learner [0-9A-F]{6}/)
      .first()
      .waitFor();
    await author.getByText('Choose an answer from the list to grade it.').waitFor();
    await axe(author);

    await entry.first().focus();
    await author.keyboard.press('Enter');
    const answer = author.getByRole('region', { name: /^Answer by Learner / });
    await answer.getByText('Rivers brought trade and water, and towns on them grew.').waitFor();
    await answer.getByText(ESSAY.modelAnswer).waitFor();
    await answer.getByRole('heading', { name: 'What a good answer covers' }).waitFor();
    await axe(author);

    await answer.getByLabel('Points (0 to 2)').focus();
    await author.keyboard.type('2');
    // The comment box is the next stop after the points.
    await author.keyboard.press('Tab');
    await author.keyboard.type('Both causes, clearly put.');
    await answer.getByLabel('Points (0 to 2)').press('Enter');
    await answer.getByRole('status').filter({ hasText: 'Saved: 2 of 2 points.' }).waitFor();
    await axe(author);

    await author.setViewportSize({ width: 360, height: 740 });
    await answer.waitFor();
    expect(await author.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await axe(author);
    await author.setViewportSize({ width: 1280, height: 720 });

    // Graded, it leaves the queue of answers awaiting grading and shows among the graded ones.
    await author.getByRole('tab', { name: 'Graded' }).click();
    await author.getByText('2 of 2 points').first().waitFor();
    await author.getByRole('tab', { name: 'Awaiting grading' }).click();
    await author.getByText('Nothing awaits grading').waitFor();
    await axe(author);
  });

  it('shows the learner the grade, the comment and the final result', async () => {
    await learner.goto(reviewUrl);
    await learner.getByText('Passed', { exact: true }).waitFor();
    await learner
      .getByText(/^2 of 2 points/)
      .first()
      .waitFor();
    await learner.getByRole('heading', { name: 'Grader’s comment' }).waitFor();
    await learner.getByText('Both causes, clearly put.').waitFor();
    expect(await learner.getByText('Awaiting grading', { exact: true }).count()).toBe(0);
    expect(await learner.getByText(/awaits grading/).count()).toBe(0);
    await axe(learner);
  });

  it('tells the learner under the bell, which the notice clears once read', async () => {
    await learner.goto(`${baseUrl}/`);
    const bell = learner.getByRole('link', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.focus();
    await learner.keyboard.press('Enter');
    await learner.waitForURL(/\/notifications$/);
    const notice = learner.getByRole('listitem').filter({ hasText: 'was graded' });
    await notice.getByText('2 of 2 points', { exact: false }).waitFor();
    await notice.getByText('New', { exact: true }).waitFor();
    await learner.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await axe(learner);
    await learner.setViewportSize({ width: 360, height: 740 });
    expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await learner.screenshot({ path: '/tmp/questa-notifications-360.png' });
    await learner.setViewportSize({ width: 1280, height: 720 });
    await learner.screenshot({ path: '/tmp/questa-notifications-1280.png' });
    await notice.getByRole('link').click();
    await learner.waitForURL(/\/exams\/[0-9a-f-]{36}\/review$/);
    expect(pageErrors).toEqual([]);
  });
});
