import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signInOverHttp } from '@questa/gateway/testing';
import { correctAndPublish } from './support/authoring';
import { readCsv } from './support/csv';
import { callAs, doExamAssignment, doPracticeAssignment } from './support/learning';
import { DEMO_PASSWORD, signIn, signUp } from './support/sign-in';
import { setDemoTenantRole } from './support/tenant-roles';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const desk = { width: 1280, height: 900 };
const phone = { width: 360, height: 740 };

/**
 * A class from start to gradebook in Chromium: the demo author, an owner of the demo workspace,
 * creates a class at 1280 px; a new learner signs up on a 360 px phone and joins with its code;
 * the teacher gives a practice set and an exam due tomorrow; the learner finds both under To do
 * and does them; the teacher's gradebook shows both results, and its CSV downloads and parses;
 * a correction of one question is regraded from the assignment's question analysis.
 */
describe.skipIf(!browserAvailable)('classes and assignments', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const stamp = Date.now();
  const className = `Geography ${stamp}`;
  const learnerName = `Lena Learner ${stamp}`;
  const email = `class-learner-${stamp}@questa.test`;
  let browser: Browser;
  let teacher: Page;
  let learner: Page;
  let joinCode = '';
  const pageErrors: string[] = [];

  const axe = async (page: Page) => expect(await seriousAccessibilityViolations(page)).toEqual([]);
  const shot = async (page: Page, name: string) => {
    if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    // Owners hold everything a teacher does; other files need the demo author to publish.
    await setDemoTenantRole(baseUrl, 'author@questa.test', 'owner');
  });
  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows the demo learner the demo class’s work on first start', async () => {
    const context = await browser.newContext({ viewport: phone });
    const demo = await context.newPage();
    demo.on('pageerror', (error) => pageErrors.push(error.message));
    await demo.setViewportSize(desk);
    await signIn(demo, baseUrl, 'learner@questa.test');
    await demo.setViewportSize(phone);
    await demo.goto(`${baseUrl}/todo`);
    const overdue = demo.getByRole('listitem').filter({ hasText: 'Geography check' });
    await overdue.getByText('Overdue').waitFor();
    await demo.getByRole('heading', { name: 'Capitals warm-up' }).waitFor();
    await shot(demo, 'demo-todo-360');
    await context.close();
  });

  it('lets the teacher create a class and read its code', async () => {
    const context = await browser.newContext({ viewport: desk, acceptDownloads: true });
    teacher = await context.newPage();
    teacher.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(teacher, baseUrl, 'author@questa.test');
    await teacher.getByRole('link', { name: 'Classes', exact: true }).click();
    await teacher.getByRole('heading', { level: 1, name: 'Classes' }).waitFor();
    await teacher.getByLabel('New class').fill(className);
    await teacher.getByRole('button', { name: 'Create class' }).click();
    const created = teacher.getByText(new RegExp(`Class “${className}” created\\. Its code is`));
    await created.waitFor();
    await axe(teacher);
    await teacher.getByRole('link', { name: className }).click();
    await teacher.getByRole('heading', { level: 1, name: className }).waitFor();
    joinCode = (await teacher.getByTestId('join-code').textContent()) ?? '';
    expect(joinCode).toMatch(/^[A-Z2-9]{8}$/);
    await shot(teacher, 'class-new-1280');
  });

  it('lets a new learner on a phone sign up and join with the code', async () => {
    const context = await browser.newContext({ viewport: desk });
    learner = await context.newPage();
    learner.on('pageerror', (error) => pageErrors.push(error.message));
    await signUp(learner, baseUrl, outbox, {
      name: learnerName,
      email,
      password: 'a long enough passphrase',
    });
    // Signed up at a desk (the sign-up link sits in the phone's menu); the rest is on a phone.
    await learner.setViewportSize(phone);
    await learner.goto(`${baseUrl}/todo`);
    await learner.getByLabel('Class code').fill(joinCode.toLowerCase());
    await learner.getByRole('button', { name: 'Continue' }).click();
    await learner.getByText(`class with code ${joinCode}`, { exact: false }).waitFor();
    await axe(learner);
    await learner.getByRole('button', { name: 'Join class' }).click();
    await learner.getByRole('heading', { name: `You are in “${className}”` }).waitFor();
  });

  it('lets the teacher see the learner and give a practice set and an exam due tomorrow', async () => {
    await teacher.reload();
    await teacher.getByRole('cell', { name: email }).waitFor();
    const form = teacher.locator('form.give-assignment');
    await form.getByLabel('Title').fill('Rivers practice');
    await form.getByLabel('Bank').selectOption({ label: 'World Geography' });
    await form.getByLabel('Number of questions').fill('2');
    await form.getByRole('button', { name: 'Give assignment' }).click();
    await teacher.getByText('“Rivers practice” was given with 2 pinned questions.').waitFor();

    await form.getByRole('radio', { name: 'Exam' }).check();
    await form.getByLabel('Title').fill('Geography exam');
    await form.getByLabel('Bank').selectOption({ label: 'World Geography' });
    await form.getByLabel('Which exam').selectOption('default');
    await form.getByRole('button', { name: 'Give assignment' }).click();
    await teacher.getByText(/^“Geography exam” was given with \d+ pinned questions\.$/).waitFor();
    const assignments = teacher.getByRole('region', { name: 'Assignments of this class' });
    await assignments.getByText('Rivers practice').waitFor();
    await assignments.getByText('Geography exam').waitFor();
    await axe(teacher);
  });

  it('shows the learner both under To do, and they do them', async () => {
    await learner.goto(`${baseUrl}/todo`);
    await learner.getByRole('heading', { name: 'Rivers practice' }).waitFor();
    await learner.getByRole('heading', { name: 'Geography exam' }).waitFor();
    await shot(learner, 'todo-360');
    await axe(learner);

    await doPracticeAssignment(learner, 'Rivers practice', 2);
    await learner.goto(`${baseUrl}/todo`);
    await doExamAssignment(learner, 'Geography exam');

    await learner.goto(`${baseUrl}/todo`);
    await learner.getByText('Nothing to do').waitFor();
    await learner
      .getByText(/^Score: \d+%$/)
      .first()
      .waitFor();
    expect(await learner.getByText(/^Score: \d+%$/).count()).toBe(2);
    await shot(learner, 'done-360');
  });

  it('shows both results in the teacher’s gradebook, and its CSV parses', async () => {
    await teacher.reload();
    const grid = teacher.getByRole('grid', { name: 'Results of each learner in each assignment' });
    await grid.waitFor();
    const row = grid.getByRole('row').filter({ hasText: learnerName });
    await expect.poll(async () => (await row.textContent())?.match(/\d+%/g)?.length ?? 0).toBe(2);
    await axe(teacher);
    await shot(teacher, 'gradebook-1280');

    // The grid counts its learners for screen readers and moves from cell to cell by keyboard.
    const learners = await grid.getByRole('rowheader').count();
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(learners + 1));
    const focused = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => element === element.ownerDocument.activeElement);
    await grid.getByRole('columnheader', { name: 'Learner' }).focus();
    await teacher.keyboard.press('ArrowDown');
    const firstName = grid.getByRole('rowheader').first().getByRole('button');
    await expect.poll(() => focused(firstName)).toBe(true);
    await teacher.keyboard.press('End');
    const lastCell = grid.getByRole('row').nth(1).getByRole('gridcell').last();
    await expect.poll(() => focused(lastCell)).toBe(true);

    const download = teacher.waitForEvent('download');
    await teacher.getByRole('link', { name: 'Download as CSV' }).click();
    const file = await (await download).path();
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = readCsv(text.slice(1));
    expect(rows[0]!.slice(0, 2)).toEqual(['Learner', 'Email']);
    const mine = rows.find((line) => line[1] === email)!;
    expect(mine).toHaveLength(rows[0]!.length);
    const status = (title: string) => mine[rows[0]!.indexOf(`${title}: status`)];
    expect(status('Rivers practice')).toBe('completed');
    expect(status('Geography exam')).toBe('completed');

    await teacher.setViewportSize(phone);
    await grid.waitFor();
    await shot(teacher, 'gradebook-360');
    await teacher.setViewportSize(desk);
  });

  it('regrades the practice set after one of its questions is corrected', async () => {
    const cookie = await signInOverHttp(baseUrl, 'author@questa.test', DEMO_PASSWORD);
    const session = (await (await callAs(baseUrl, cookie, 'GET', '/api/session')).json()) as {
      memberships: { clientId: string; clientName: string }[];
    };
    const clientId = session.memberships.find((m) => m.clientName === 'Questa Demo')!.clientId;
    const classId = /classes\/([0-9a-f-]{36})/.exec(teacher.url())![1]!;
    const { assignments } = (await (
      await callAs(
        baseUrl,
        cookie,
        'GET',
        `/api/teaching/clients/${clientId}/classes/${classId}/assignments`,
      )
    ).json()) as { assignments: { id: string; title: string }[] };
    const practice = assignments.find((a) => a.title === 'Rivers practice')!;
    const { questions } = (await (
      await callAs(
        baseUrl,
        cookie,
        'GET',
        `/api/teaching/clients/${clientId}/classes/${classId}/assignments/${practice.id}/analysis`,
      )
    ).json()) as { questions: { questionId: string; position: number }[] };
    const target = questions[0]!;

    // The author corrects the question's explanation in the workspace and publishes it.
    await correctAndPublish(baseUrl, cookie, clientId, target.questionId, `Corrected ${stamp}.`);

    await teacher.reload();
    await teacher.getByRole('button', { name: 'Questions of Rivers practice' }).click();
    const row = teacher
      .getByRole('table', { name: 'How the class answered each question of Rivers practice' })
      .getByRole('row')
      .nth(target.position);
    await row.getByRole('button', { name: `Regrade question ${target.position}` }).click();
    const dialog = teacher.getByRole('dialog', { name: 'Regrade after a correction?' });
    await dialog.getByRole('button', { name: 'Regrade', exact: true }).click();
    await teacher.getByText(/^1 answer regraded against version \d+\. /).waitFor();
    await axe(teacher);
    await shot(teacher, 'regrade-1280');
  });
});
