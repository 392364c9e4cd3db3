import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { signInOverHttp } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { correctAndPublish } from './support/authoring';
import { readCsv } from './support/csv';
import { callAs, doExamAssignment, doPracticeAssignment } from './support/learning';
import { createAccount, mailTo } from './support/sign-in';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const desk = { width: 1280, height: 900 };
const phone = { width: 360, height: 740 };
const password = 'a long enough passphrase';

const riversGift = [
  '::r1::Which sea does the Danube flow into? {=Black Sea ~North Sea}',
  '::r2::The Nile is in Africa. {T}',
  '::r3::Which river flows through Paris? {=Seine ~Loire ~Rhône}',
].join('\n\n');

/**
 * A teacher who brings her own school, from nothing: she signs up, creates a workspace, imports
 * a GIFT file and publishes it as its only owner, creates a class and invites a learner who has
 * no account. The learner signs up through the invitation on a phone and joins the class with its
 * code; the teacher gives a practice set and an exam due tomorrow; the learner finds both under
 * To do and does them; the gradebook shows both, re-grades after a correction, and its CSV parses.
 * The teacher works at 1280 px, the learner on a 360 px phone.
 */
describe.skipIf(!browserAvailable)('a new teacher’s school, from sign-up to gradebook', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const stamp = Date.now().toString(36);
  const owner = { name: `Tara Teacher ${stamp}`, email: `tara-${stamp}@questa.test`, password };
  const student = { name: `Sam Student ${stamp}`, email: `sam-${stamp}@questa.test`, password };
  const workspaceName = `Riverside School ${stamp}`;
  const slug = `riverside-school-${stamp}`;
  const className = `Year 7 ${stamp}`;
  let browser: Browser;
  let teacher: Page;
  let learner: Page;
  let joinCode = '';
  const pageErrors: string[] = [];

  const check = async (page: Page, name: string) => {
    expect(await seriousAccessibilityViolations(page), name).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} fits the width`).toBeLessThanOrEqual(0);
    if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
  });

  it('lets a new teacher create a workspace, import a GIFT file and publish it alone', async () => {
    const context = await browser.newContext({
      viewport: desk,
      locale: 'en-US',
      acceptDownloads: true,
    });
    teacher = await context.newPage();
    teacher.on('pageerror', (error) => pageErrors.push(error.message));
    await teacher.goto(
      `${baseUrl}/api/auth/login?${new URLSearchParams({ signup: '1', returnTo: '/workspaces' })}`,
    );
    await createAccount(teacher, outbox, owner);
    await teacher.goto(`${baseUrl}/workspaces`);
    await teacher.getByLabel('Name', { exact: true }).fill(workspaceName);
    await teacher.getByText(`${slug} is free.`).waitFor();
    await teacher.getByRole('button', { name: 'Create workspace' }).click();
    await teacher.waitForURL(`${baseUrl}/workspaces/${slug}/settings?created=1`);

    await teacher.getByRole('link', { name: 'Open in the studio' }).click();
    await teacher
      .getByRole('region', { name: workspaceName })
      .getByRole('button', { name: 'New bank' })
      .click();
    await teacher.getByLabel('Title', { exact: true }).fill('Rivers');
    await teacher.getByRole('button', { name: 'Create bank' }).click();
    await teacher.waitForURL(/\/author\/banks\/[0-9a-f-]{36}/);
    const bank = teacher.url();
    await teacher.getByRole('link', { name: 'Import', exact: true }).click();
    await teacher.getByLabel('File', { exact: true }).setInputFiles({
      name: 'rivers.gift',
      mimeType: 'text/plain',
      buffer: Buffer.from(riversGift),
    });
    await teacher.getByRole('button', { name: 'Check file' }).click();
    await teacher.getByRole('button', { name: 'Import all' }).click();
    await teacher.getByText('Imported 3 questions.').waitFor();

    await teacher.goto(bank);
    const list = teacher.getByRole('list', { name: 'Questions' });
    await expect.poll(() => list.getByRole('link').count()).toBe(3);
    await teacher.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await teacher.getByRole('button', { name: 'Publish', exact: true }).click();
    await teacher
      .getByRole('dialog', { name: 'Publish 3 questions?' })
      .getByRole('button', { name: 'Publish', exact: true })
      .click();
    await expect.poll(() => list.getByText('Published', { exact: true }).count()).toBe(3);
  });

  it('lets her create a class and invite a learner who has no account', async () => {
    await teacher.goto(`${baseUrl}/classes`);
    await teacher.getByRole('heading', { level: 1, name: 'Classes' }).waitFor();
    await teacher.getByLabel('New class').fill(className);
    await teacher.getByRole('button', { name: 'Create class' }).click();
    await teacher.getByText(new RegExp(`Class “${className}” created\\. Its code is`)).waitFor();
    await teacher.getByRole('link', { name: className }).click();
    joinCode = (await teacher.getByTestId('join-code').textContent()) ?? '';
    expect(joinCode).toMatch(/^[A-Z2-9]{8}$/);
    await check(teacher, 'journey-class-1280');

    await teacher.goto(`${baseUrl}/workspaces/${slug}/settings`);
    await teacher.getByLabel('Email', { exact: true }).fill(student.email);
    await teacher.getByLabel('Role', { exact: true }).selectOption({ label: 'Viewer' });
    await teacher.getByRole('button', { name: 'Send invitation' }).click();
    await teacher.getByText(`Invitation sent to ${student.email}.`).waitFor();
  });

  it('lets the learner sign up through the invitation on a phone and join the class with the code', async () => {
    const invitation = await mailTo(outbox, student.email);
    const link = invitation.text.match(/https?:\/\/\S+\/invitations\/[\w-]+/)![0];
    const context = await browser.newContext({ viewport: phone, locale: 'en-US' });
    learner = await context.newPage();
    learner.on('pageerror', (error) => pageErrors.push(error.message));
    await learner.goto(link);
    await learner.getByText(`You are invited to join ${workspaceName} as Viewer.`).waitFor();
    await learner.getByRole('link', { name: 'Create an account to join' }).click();
    await createAccount(learner, outbox, student);
    await learner.getByRole('button', { name: `Join ${workspaceName}` }).click();
    await learner.getByText(`You joined ${workspaceName} as Viewer.`).waitFor();

    await learner.goto(`${baseUrl}/todo`);
    await learner.getByLabel('Class code').fill(joinCode.toLowerCase());
    await learner.getByRole('button', { name: 'Continue' }).click();
    await learner.getByRole('button', { name: 'Join class' }).click();
    await learner.getByRole('heading', { name: `You are in “${className}”` }).waitFor();
    await check(learner, 'journey-joined-360');
  });

  it('lets the teacher give a practice set and an exam due tomorrow', async () => {
    await teacher.goto(`${baseUrl}/classes`);
    await teacher.getByRole('link', { name: className }).click();
    await teacher.getByRole('cell', { name: student.email }).waitFor();
    const form = teacher.locator('form.give-assignment');
    await form.getByLabel('Title').fill('Rivers practice');
    await form.getByLabel('Bank').selectOption({ label: 'Rivers' });
    await form.getByLabel('Number of questions').fill('2');
    await form.getByRole('button', { name: 'Give assignment' }).click();
    await teacher.getByText('“Rivers practice” was given with 2 pinned questions.').waitFor();

    await form.getByRole('radio', { name: 'Exam' }).check();
    await form.getByLabel('Title').fill('Rivers exam');
    await form.getByLabel('Bank').selectOption({ label: 'Rivers' });
    await form.getByLabel('Which exam').selectOption('default');
    await form.getByRole('button', { name: 'Give assignment' }).click();
    await teacher.getByText(/^“Rivers exam” was given with \d+ pinned questions\.$/).waitFor();
    await check(teacher, 'journey-assigned-1280');
  });

  it('shows the learner both under To do, and they do them on the phone', async () => {
    await learner.goto(`${baseUrl}/todo`);
    await learner.getByRole('heading', { name: 'Rivers practice' }).waitFor();
    await learner.getByRole('heading', { name: 'Rivers exam' }).waitFor();
    await check(learner, 'journey-todo-360');

    await doPracticeAssignment(learner, 'Rivers practice', 2);
    await learner.goto(`${baseUrl}/todo`);
    await doExamAssignment(learner, 'Rivers exam');

    await learner.goto(`${baseUrl}/todo`);
    await learner.getByText('Nothing to do').waitFor();
    await expect.poll(() => learner.getByText(/^Score: \d+%$/).count()).toBe(2);
    await check(learner, 'journey-done-360');
  });

  it('shows both in the gradebook, re-grades after a correction, and exports a CSV', async () => {
    await teacher.reload();
    const grid = teacher.getByRole('grid', { name: 'Results of each learner in each assignment' });
    const row = grid.getByRole('row').filter({ hasText: student.name });
    await expect.poll(async () => (await row.textContent())?.match(/\d+%/g)?.length ?? 0).toBe(2);
    await check(teacher, 'journey-gradebook-1280');

    // She corrects the first question of the practice set in her workspace and publishes it.
    const cookie = await signInOverHttp(baseUrl, owner.email, password);
    const session = (await (await callAs(baseUrl, cookie, 'GET', '/api/session')).json()) as {
      memberships: { clientId: string; clientName: string }[];
    };
    const clientId = session.memberships.find((m) => m.clientName === workspaceName)!.clientId;
    const classId = /classes\/([0-9a-f-]{36})/.exec(teacher.url())![1]!;
    const teaching = `/api/teaching/clients/${clientId}/classes/${classId}`;
    const { assignments } = (await (
      await callAs(baseUrl, cookie, 'GET', `${teaching}/assignments`)
    ).json()) as { assignments: { id: string; title: string }[] };
    const practice = assignments.find((a) => a.title === 'Rivers practice')!;
    const { questions } = (await (
      await callAs(baseUrl, cookie, 'GET', `${teaching}/assignments/${practice.id}/analysis`)
    ).json()) as { questions: { questionId: string; position: number }[] };
    const target = questions[0]!;
    await correctAndPublish(baseUrl, cookie, clientId, target.questionId, `Corrected ${stamp}.`);

    await teacher.reload();
    await teacher.getByRole('button', { name: 'Questions of Rivers practice' }).click();
    await teacher
      .getByRole('table', { name: 'How the class answered each question of Rivers practice' })
      .getByRole('row')
      .nth(target.position)
      .getByRole('button', { name: `Regrade question ${target.position}` })
      .click();
    await teacher
      .getByRole('dialog', { name: 'Regrade after a correction?' })
      .getByRole('button', { name: 'Regrade', exact: true })
      .click();
    await teacher.getByText(/^1 answer regraded against version \d+\. /).waitFor();

    const download = teacher.waitForEvent('download');
    await teacher.getByRole('link', { name: 'Download as CSV' }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = readCsv(text.slice(1));
    const mine = rows.find((line) => line[1] === student.email)!;
    expect(mine).toHaveLength(rows[0]!.length);
    const status = (title: string) => mine[rows[0]!.indexOf(`${title}: status`)];
    expect(status('Rivers practice')).toBe('completed');
    expect(status('Rivers exam')).toBe('completed');

    await teacher.setViewportSize(phone);
    await grid.waitFor();
    await check(teacher, 'journey-gradebook-360');
  });
});
