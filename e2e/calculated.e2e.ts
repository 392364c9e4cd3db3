import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInOverHttp } from '@questa/gateway/testing';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import { callAs, idInUrl } from './support/learning';
import { DEMO_PASSWORD, signIn, signUp } from './support/sign-in';

const STEM = 'A plot of land is {a} m long and {b} m wide. What is its area?';
const SHOWN = /A plot of land is (\d+) m long and (\d+) m wide\. What is its area\?/;

/** The numbers a learner was shown, read from the question text on screen. */
async function shownNumbers(page: Page): Promise<[number, number]> {
  const region = page.getByRole('region', { name: /^Question 1$/ });
  const text = (await region.getByText(SHOWN).first().textContent()) ?? '';
  const match = SHOWN.exec(text);
  if (!match) throw new Error(`No numbers in “${text}”`);
  return [Number(match[1]), Number(match[2])];
}

const area = (numbers: [number, number]) => numbers[0] * numbers[1];
const formatted = (value: number) => new Intl.NumberFormat('en').format(value);

/**
 * A calculated question from its author to a learner, in Chromium: the demo admin writes one over
 * the authoring API into a public bank of its own and publishes it, and looks at it in the editor;
 * a new learner practises it, answers right for the numbers drawn, and in a second round meets new
 * numbers, whose correct answer is shown for those numbers; the first round's summary still shows
 * the numbers the learner had. Pages are checked with axe.
 */
describe.skipIf(!browserAvailable)('calculated questions', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  let browser: Browser;
  let page: Page;
  let bankId = '';
  let questionId = '';
  let admin = '';
  let adminSub = '';
  let clientId = '';
  const membership = () => `/api/admin/tenants/${clientId}/members/${encodeURIComponent(adminSub)}`;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));

    admin = await signInOverHttp(baseUrl, 'admin@questa.test', DEMO_PASSWORD);
    const session = (await (await callAs(baseUrl, admin, 'GET', '/api/session')).json()) as {
      user: { sub: string };
    };
    adminSub = session.user.sub;
    const { tenants } = (await (
      await callAs(baseUrl, admin, 'GET', '/api/admin/tenants')
    ).json()) as {
      tenants: { id: string; slug: string }[];
    };
    clientId = tenants.find((tenant) => tenant.slug === 'questa-demo')?.id ?? '';
    // The platform admin joins the demo tenant as an owner, who may publish, for this file only.
    const joined = await callAs(baseUrl, admin, 'PUT', membership(), { role: 'owner' });
    expect(joined.status).toBe(204);
    const qdb = `/qdb/api/v1/clients/${clientId}`;
    const stamp = Date.now();
    const bank = await callAs(baseUrl, admin, 'POST', `${qdb}/banks`, {
      slug: `calculated-${stamp}`,
      title: `Calculated plots ${stamp}`,
      description: 'One calculated question, with new numbers every time.',
      visibility: 'public',
    });
    expect(bank.status).toBe(201);
    bankId = ((await bank.json()) as { id: string }).id;
    const created = await callAs(baseUrl, admin, 'POST', `${qdb}/banks/${bankId}/questions`, {
      content: {
        type: 'calculated',
        stem: STEM,
        topic: 'Plots',
        difficulty: 1,
        explanation: 'Length times width.',
        variables: [
          { name: 'a', min: 100, max: 999, decimals: 0 },
          { name: 'b', min: 100, max: 999, decimals: 0 },
        ],
        formula: 'a * b',
        tolerance: 0,
        toleranceType: 'absolute',
        answerDecimals: 0,
        unit: 'm²',
      },
    });
    expect(created.status).toBe(201);
    let detail = (await created.json()) as { id: string; revision: number };
    questionId = detail.id;
    for (const action of ['submit', 'publish']) {
      const moved = await callAs(
        baseUrl,
        admin,
        'POST',
        `${qdb}/questions/${questionId}/transitions`,
        {
          action,
          expectedRevision: detail.revision,
        },
      );
      expect(moved.status).toBe(200);
      detail = (await moved.json()) as typeof detail;
    }
  });
  afterAll(async () => {
    if (clientId && adminSub) await callAs(baseUrl, admin, 'DELETE', membership());
    await browser?.close();
  });

  const axe = async () => expect(await accessibilityViolations(page)).toEqual([]);

  it('shows the author the variables, the formula read back and a sample draw', async () => {
    await signIn(page, baseUrl, 'admin@questa.test');
    await page.goto(`${baseUrl}/author/questions/${questionId}`);
    await page.getByRole('group', { name: 'Variables' }).waitFor();
    expect(await page.getByLabel('Name of variable 2').inputValue()).toBe('b');
    await page.getByText('Reads as: a * b').waitFor();
    const sample = page.getByRole('region', { name: 'Sample draw' });
    await sample.getByText(/^a = \d+, b = \d+$/).waitFor();
    await sample.getByText(/^Answer: \d+ ± 0 m²$/).waitFor();
    await axe();
    // On a phone the variables table scrolls within its box; the page does not widen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('group', { name: 'Variables' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await axe();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
  });

  it('practises it, right for the numbers drawn, then meets new numbers in a second round', async () => {
    await signUp(page, baseUrl, outbox, {
      name: 'Cal Culated',
      email: `calculated-${Date.now()}@questa.test`,
      password: 'a long enough passphrase',
    });

    await page.goto(`${baseUrl}/banks/${bankId}`);
    await page.getByRole('button', { name: 'Start practising' }).click();
    await page.waitForURL(/\/practice\/[0-9a-f-]{36}$/);
    const firstSession = idInUrl(page);
    const first = await shownNumbers(page);
    // The learner meets numbers, never the template or the formula.
    expect(await page.getByText('{a}').count()).toBe(0);
    await page.getByLabel('Your answer in m²').fill(String(area(first)));
    await axe();
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('region', { name: 'Correct', exact: true }).waitFor();
    await page
      .getByText(`${formatted(area(first))} m²`)
      .first()
      .waitFor();
    await axe();

    // A reload shows the same question with the same numbers: they were stored when it was drawn.
    await page.reload();
    await page.getByRole('region', { name: 'Correct', exact: true }).waitFor();
    expect(await shownNumbers(page)).toEqual(first);
    await page.getByRole('button', { name: 'Finish practice' }).click();
    await page.getByRole('heading', { name: 'Practice finished' }).waitFor();

    await page.goto(`${baseUrl}/banks/${bankId}`);
    await page.getByRole('button', { name: 'Start practising' }).click();
    await page.waitForURL((url) => /\/practice\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect.poll(() => idInUrl(page)).not.toBe(firstSession);
    const second = await shownNumbers(page);
    // Each of 900 × 900 pairs is equally likely; meeting the same one again is a one in 810,000.
    expect(second).not.toEqual(first);
    // The first round's answer is wrong now: the key follows the numbers on screen.
    await page.getByLabel('Your answer in m²').fill(String(area(first)));
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('region', { name: 'Wrong', exact: true }).waitFor();
    await page
      .getByText(`${formatted(area(second))} m²`)
      .first()
      .waitFor();
    await axe();

    // The first round's summary lists the question with the numbers the learner had then.
    await page.goto(`${baseUrl}/practice/${firstSession}`);
    await page.getByRole('heading', { name: 'Practice finished' }).waitFor();
    const reviews = page.getByRole('table', { name: 'Coming back for review' });
    await reviews
      .getByText(`A plot of land is ${first[0]} m long and ${first[1]} m wide.`, {
        exact: false,
      })
      .waitFor();
    await axe();
    expect(pageErrors).toEqual([]);
  });
});
