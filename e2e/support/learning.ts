import type { Locator, Page } from 'playwright-core';
import { signInOverHttp } from '@questa/gateway/testing';
import { DEMO_PASSWORD } from './sign-in';

/**
 * Gives some answer to whatever question is on screen, the way a hurried learner would: the first
 * option, the number 1, the order as shown. Right or wrong does not matter to these tests; that
 * an answer of the question's own type goes through does.
 */
export async function answerAnything(area: Locator) {
  // Each question type's widget arrives as code of its own; until then a placeholder stands.
  await area.locator('.answer-fields-loading').waitFor({ state: 'detached' });
  const keepOrder = area.getByRole('button', { name: 'Keep this order' });
  if (await keepOrder.count()) {
    await keepOrder.click();
    return;
  }
  const radios = area.getByRole('radio');
  if (await radios.count()) {
    await radios.first().check();
    return;
  }
  const boxes = area.getByRole('checkbox');
  if (await boxes.count()) await boxes.first().check();
  const selects = area.getByRole('combobox');
  for (let i = 0; i < (await selects.count()); i++) {
    await selects.nth(i).selectOption({ index: 1 });
  }
  const fields = area.locator('input[type="text"], input:not([type]), input[inputmode], textarea');
  for (let i = 0; i < (await fields.count()); i++) {
    await fields.nth(i).fill('1');
  }
}

/** A JSON call to a running Questa as a signed-in user, with the headers browsers send. */
export async function callAs(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: () => Promise<unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie,
      accept: 'application/json',
      ...(method === 'GET' ? {} : { 'x-questa-request': '1', origin: baseUrl }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: () => response.json() };
}

/** The demo admin grants premium to `email` by hand, as the admin page does. */
export async function grantPremium(baseUrl: string, email: string) {
  const admin = await signInOverHttp(baseUrl, 'admin@questa.test', DEMO_PASSWORD);
  const { users } = (await (
    await callAs(baseUrl, admin, 'GET', '/api/admin/users?limit=100')
  ).json()) as {
    users: { id: string; email: string }[];
  };
  const user = users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`No user ${email} to grant premium to`);
  const granted = await callAs(baseUrl, admin, 'PUT', `/api/admin/users/${user.id}/premium`, {
    premium: true,
    until: null,
  });
  if (granted.status !== 200) throw new Error(`Granting premium failed: ${granted.status}`);
}

/** The id in a page's URL, e.g. the attempt of `/exams/:attemptId`. */
export const idInUrl = (page: Page) => /([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

/**
 * Opens an exam's start page from the bank page: `title` names the exam, or the first one.
 * Nothing has started yet; `startExam` presses Start.
 */
export async function openExamStartPage(page: Page, title?: string) {
  await page
    .getByRole('link', { name: title ? `Take this exam: ${title}` : /^Take this exam: / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Start the exam' }).waitFor();
}

/** Presses Start on an exam's start page and waits for the attempt to open. */
export async function startExam(page: Page) {
  await page.getByRole('button', { name: 'Start the exam' }).click();
  // The start page's own path ends in /exams/<blueprint id> too; the attempt's starts with it.
  await page.waitForURL((url) => /^\/exams\/[0-9a-f-]{36}$/.test(url.pathname));
}

/** Opens the World Geography bank from the catalog and starts its exam from its start page. */
export async function startGeographyExam(page: Page, baseUrl: string) {
  await page.goto(baseUrl);
  await page
    .getByRole('link', { name: /World Geography/ })
    .first()
    .click();
  await openExamStartPage(page);
  await startExam(page);
}

/**
 * Starts the assignment `title` from the learner's To do, on the page that is showing it, and
 * answers its first `questions` practice questions with anything, one after another.
 */
export async function doPracticeAssignment(page: Page, title: string, questions: number) {
  await page.getByRole('button', { name: `Start ${title}` }).click();
  await page.waitForURL(/\/practice\/[0-9a-f-]{36}$/);
  for (let position = 1; position <= questions; position++) {
    const question = page.getByRole('region', { name: `Question ${position}`, exact: true });
    await question.waitFor();
    await answerAnything(question);
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('region', { name: /^(Correct|Partly right|Wrong)$/ }).waitFor();
    if (position < questions) await page.getByRole('button', { name: 'Next question' }).click();
  }
}

/** Starts the exam assignment `title` from To do, answers its first question and submits. */
export async function doExamAssignment(page: Page, title: string) {
  await page.getByRole('button', { name: `Start ${title}` }).click();
  await page.waitForURL(/\/exams\/[0-9a-f-]{36}$/);
  const first = page.getByRole('region', { name: /^Question 1 of/ });
  await first.waitFor();
  await answerAnything(first);
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  await page.getByRole('button', { name: 'Submit exam' }).click();
  await page
    .getByRole('dialog', { name: 'Submit the exam?' })
    .getByRole('button', { name: 'Submit', exact: true })
    .click();
  await page.waitForURL(/\/exams\/[0-9a-f-]{36}\/review$/);
}
