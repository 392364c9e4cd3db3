import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInOverHttp } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { setDemoTenantRole } from './support/tenant-roles';
import { callAs, grantPremium } from './support/learning';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

/** Moodle-style credits: the two inner planets share full credit, each outer one takes half off. */
const innerPlanets = {
  type: 'multiple_response',
  stem: 'Which planets are closer to the Sun than the Earth?',
  topic: 'Solar system',
  difficulty: 2,
  points: 2,
  hints: ['There are exactly two of them.', 'One of them is the hottest planet.'],
  options: [
    { id: 'a', text: 'Mercury', correct: true, credit: 0.5, feedback: 'Yes: the closest of all.' },
    { id: 'b', text: 'Venus', correct: true, credit: 0.5, feedback: 'Yes: the hottest planet.' },
    {
      id: 'c',
      text: 'Mars',
      correct: false,
      credit: -0.5,
      feedback: 'Mars lies beyond the Earth.',
    },
    { id: 'd', text: 'Jupiter', correct: false, credit: -0.5 },
  ],
};

/** Moodle's 50 % short answer: the misspelling earns half the marks. */
const hometown = {
  type: 'short_text',
  stem: 'Which town did Jesus grow up in?',
  topic: 'History',
  difficulty: 2,
  points: 2,
  accepted: ['Nazareth', 'Nazereth'],
  credits: [1, 0.5],
};

async function json<T>(
  call: Promise<{ status: number; json: () => Promise<unknown> }>,
  status = 200,
) {
  const response = await call;
  if (response.status !== status) {
    throw new Error(
      `Expected ${status}, got ${response.status}: ${JSON.stringify(await response.json())}`,
    );
  }
  return (await response.json()) as T;
}

/**
 * Partial credit as a learner meets it, in Chromium: a multiple-response question with Moodle
 * credits, option feedback and hints, written by the demo author over the authoring API and
 * published by the demo admin. The learner opens a hint, answers partly right, and reads the verdict and the feedback
 * of the options they chose; then types a short answer accepted for half the marks.
 */
describe.skipIf(!browserAvailable)('partial credit', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  let bankId = '';
  let creditBankId = '';

  beforeAll(async () => {
    const admin = await signInOverHttp(baseUrl, 'admin@questa.test', DEMO_PASSWORD);
    const author = await signInOverHttp(baseUrl, 'author@questa.test', DEMO_PASSWORD);
    const qdb = `/qdb/api/v1/clients`;
    const { tenants } = await json<{ tenants: { id: string; name: string }[] }>(
      callAs(baseUrl, admin, 'GET', qdb),
    );
    const tenant = tenants.find((t) => t.name === 'Questa Demo');
    if (!tenant) throw new Error('No demo tenant to write the question in');

    // The demo author writes the question and submits it for review.
    const bank = await json<{ id: string }>(
      callAs(baseUrl, author, 'POST', `${qdb}/${tenant.id}/banks`, {
        slug: `solar-system-${Date.now()}`,
        title: 'Solar system, partial credit',
        visibility: 'public',
      }),
      201,
    );
    bankId = bank.id;
    const creditBank = await json<{ id: string }>(
      callAs(baseUrl, author, 'POST', `${qdb}/${tenant.id}/banks`, {
        slug: `hometowns-${Date.now()}`,
        title: 'Hometowns, partial credit',
        visibility: 'public',
      }),
      201,
    );
    creditBankId = creditBank.id;
    const write = (bank: string, content: object) =>
      json<{ id: string; revision: number }>(
        callAs(baseUrl, author, 'POST', `${qdb}/${tenant.id}/banks/${bank}/questions`, {
          content,
        }),
        201,
      );
    const written = [await write(bank.id, innerPlanets), await write(creditBank.id, hometown)];
    const transition = (
      who: string,
      question: { id: string },
      action: string,
      expectedRevision: number,
    ) =>
      json<{ revision: number }>(
        callAs(baseUrl, who, 'POST', `${qdb}/${tenant.id}/questions/${question.id}/transitions`, {
          action,
          expectedRevision,
        }),
      );
    const submitted = [];
    for (const question of written) {
      submitted.push({
        question,
        revision: (await transition(author, question, 'submit', question.revision)).revision,
      });
    }

    // The admin manages tenants but reviews in none: they join the demo tenant as a reviewer to
    // publish it, and leave again, so the tenant's members are as the other tests expect.
    const { users } = await json<{ users: { sub: string; email: string }[] }>(
      callAs(baseUrl, admin, 'GET', '/api/admin/users?limit=100'),
    );
    // Memberships name people by their identity subject, as the question database knows them.
    const adminSub = users.find((u) => u.email === 'admin@questa.test')?.sub ?? '';
    const membership = `/api/admin/tenants/${tenant.id}/members/${adminSub}`;
    // The demo author stays an owner, so the admin's membership can come and go whatever other
    // test files did before: a tenant never loses its last owner.
    await setDemoTenantRole(baseUrl, 'author@questa.test', 'owner');
    const joined = await callAs(baseUrl, admin, 'PUT', membership, { role: 'reviewer' });
    if (joined.status !== 204) throw new Error(`Joining the demo tenant failed: ${joined.status}`);
    for (const { question, revision } of submitted) {
      await transition(admin, question, 'publish', revision);
    }
    const left = await callAs(baseUrl, admin, 'DELETE', membership);
    if (left.status !== 204) throw new Error(`Leaving the demo tenant failed: ${left.status}`);
    // Unlimited answers, so the free daily allowance of a shared demo learner never gets in the way.
    await grantPremium(baseUrl, 'learner@questa.test');

    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await signIn(page, baseUrl, 'learner@questa.test');
  });
  afterAll(() => browser?.close());

  it('opens a hint, answers partly right and reads the verdict and the chosen options’ feedback', async () => {
    await page.goto(`${baseUrl}/banks/${bankId}`);
    await page.getByRole('button', { name: 'Start practising' }).click();
    await page.waitForURL(/\/practice\/[0-9a-f-]{36}$/);
    const question = page.getByRole('region', { name: 'Question 1', exact: true });
    await question.getByText('Which planets are closer to the Sun than the Earth?').waitFor();

    // No feedback reaches the page before the answer.
    expect(await question.textContent()).not.toContain('the closest of all');

    // The hint button is reached with the keyboard and opens one hint at a time.
    const showHint = question.getByRole('button', { name: 'Show a hint (2 available)' });
    await showHint.focus();
    await page.keyboard.press('Enter');
    const hints = question.getByRole('list', { name: 'Hints' });
    await hints.getByText('There are exactly two of them.').waitFor();
    expect(await hints.getByRole('listitem').count()).toBe(1);
    await question.getByRole('button', { name: 'Show the last hint (1 left)' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Mercury (+50 %), Venus (+50 %) and Mars (−50 %): half the credit, 1 of 2 points.
    for (const planet of ['Mercury', 'Venus', 'Mars']) {
      await question.getByRole('checkbox', { name: new RegExp(`^${planet}`) }).check();
    }
    await question.getByRole('button', { name: 'Submit answer' }).click();
    const verdict = question.locator('.practice-feedback .verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/^Partly right\s*1 of 2 points$/);

    const option = (planet: string) =>
      question.locator('label.practice-choice').filter({ hasText: planet });
    expect(await option('Mercury').textContent()).toContain('Yes: the closest of all.');
    expect(await option('Venus').textContent()).toContain('Yes: the hottest planet.');
    expect(await option('Mars').textContent()).toContain('Mars lies beyond the Earth.');
    expect(await option('Jupiter').textContent()).not.toContain('Feedback on this answer');
    // The hint already opened stays; no more can be opened after answering.
    expect(await question.getByRole('button', { name: /hint/ }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('accepts a short answer for part of the marks and says so on the one verdict scale', async () => {
    await page.goto(`${baseUrl}/banks/${creditBankId}`);
    await page.getByRole('button', { name: 'Start practising' }).click();
    await page.waitForURL(/\/practice\/[0-9a-f-]{36}$/);
    const question = page.getByRole('region', { name: 'Question 1', exact: true });
    await question.getByText('Which town did Jesus grow up in?').waitFor();
    await question.getByLabel('Your answer').fill('nazereth');
    await question.getByRole('button', { name: 'Submit answer' }).click();
    const verdict = question.locator('.practice-feedback .verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/^Partly right\s*1 of 2 points$/);
    await question.getByText('Accepted for 50 % of the marks').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
