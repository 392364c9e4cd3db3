import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PassageDetail, QuestionDetail, SessionInfo } from '@questa/contracts';
import { signInOverHttp } from '@questa/gateway/testing';
import { accessibilityViolations, browserAvailable, launchBrowser } from './support/browser';
import {
  answerAnything,
  callAs,
  grantPremium,
  openExamStartPage,
  startExam,
} from './support/learning';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

const LEARNER = 'learner@questa.test';

/**
 * A bank with a passage carrying three questions and two questions of their own, written through
 * the authoring API: the demo author writes and groups drafts and submits them; the demo admin,
 * made a reviewer of the demo tenant, publishes them. A premium learner then sits its exam.
 */
describe.skipIf(!browserAvailable)('an exam with a passage', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36);
  const title = `Reading the Nile ${stamp}`;
  const passageTitle = `The Aswan High Dam ${stamp}`;
  const grouped = ['first', 'second', 'third'].map((n) => `Passage question ${n}, ${stamp}.`);
  const loose = ['one', 'two'].map((n) => `Loose question ${n}, ${stamp}.`);
  let browser: Browser;
  let page: Page;
  let bankId: string;

  const qdb = (clientId: string, rest: string) => `/qdb/api/v1/clients/${clientId}${rest}`;
  async function expectStatus<T>(
    call: Promise<{ status: number; json: () => Promise<unknown> }>,
    status: number,
  ): Promise<T> {
    const response = await call;
    const body = await response.json().catch(() => null);
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body as T;
  }

  beforeAll(async () => {
    const author = await signInOverHttp(baseUrl, 'author@questa.test', DEMO_PASSWORD);
    const admin = await signInOverHttp(baseUrl, 'admin@questa.test', DEMO_PASSWORD);
    const session = (cookie: string) =>
      expectStatus<SessionInfo>(callAs(baseUrl, cookie, 'GET', '/api/session'), 200);
    const demo = (await session(author)).memberships.find((m) => m.clientSlug === 'questa-demo')!;
    const clientId = demo.clientId;

    const bank = await expectStatus<{ id: string }>(
      callAs(baseUrl, author, 'POST', qdb(clientId, '/banks'), {
        slug: `reading-${stamp}`,
        title,
        visibility: 'public',
      }),
      201,
    );
    bankId = bank.id;
    const write = (stem: string) =>
      expectStatus<QuestionDetail>(
        callAs(baseUrl, author, 'POST', qdb(clientId, `/banks/${bankId}/questions`), {
          content: { type: 'true_false', stem, topic: 'Reading', difficulty: 2, answer: true },
        }),
        201,
      );
    const questions = [];
    for (const stem of [loose[0]!, ...grouped, loose[1]!]) questions.push(await write(stem));
    const passage = await expectStatus<PassageDetail>(
      callAs(baseUrl, author, 'POST', qdb(clientId, `/banks/${bankId}/passages`), {
        content: {
          title: passageTitle,
          body: 'Finished in **1970**, the dam holds back Lake Nasser, some $5{,}250\\,\\text{km}^2$ of water.',
        },
      }),
      201,
    );
    for (const question of questions.slice(1, 4)) {
      await expectStatus(
        callAs(
          baseUrl,
          author,
          'PUT',
          qdb(clientId, `/passages/${passage.id}/questions/${question.id}`),
        ),
        200,
      );
    }

    const adminSub = (await session(admin)).user!.sub;
    await expectStatus(
      callAs(baseUrl, admin, 'PUT', qdb(clientId, `/members/${encodeURIComponent(adminSub)}`), {
        role: 'reviewer',
      }),
      204,
    );
    for (const question of questions) {
      const submitted = await expectStatus<QuestionDetail>(
        callAs(baseUrl, author, 'POST', qdb(clientId, `/questions/${question.id}/transitions`), {
          action: 'submit',
          expectedRevision: question.revision,
        }),
        200,
      );
      await expectStatus(
        callAs(baseUrl, admin, 'POST', qdb(clientId, `/questions/${question.id}/transitions`), {
          action: 'publish',
          expectedRevision: submitted.revision,
        }),
        200,
      );
    }

    // The admin was a reviewer only to publish these: other tests meet the tenant as it was.
    await expectStatus(
      callAs(baseUrl, admin, 'DELETE', qdb(clientId, `/members/${encodeURIComponent(adminSub)}`)),
      204,
    );
    await grantPremium(baseUrl, LEARNER);
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await signIn(page, baseUrl, LEARNER);
  });
  afterAll(() => browser?.close());

  it('shows the author the passage in the studio, with its questions in order and a preview', async () => {
    const context = await browser.newContext();
    const studio = await context.newPage();
    await signIn(studio, baseUrl, 'author@questa.test');
    await studio.goto(`${baseUrl}/author/banks/${bankId}?view=passages`);
    await studio.getByRole('button', { name: `Open passage ${passageTitle}` }).click();
    const editor = studio.getByRole('region', { name: passageTitle });
    await editor.getByRole('region', { name: 'Preview' }).getByText('Lake Nasser').waitFor();
    const listed = await editor
      .getByRole('listitem')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.textContent));
    expect(listed).toEqual(grouped);
    // Whether this author may regroup published questions depends on their role, which other
    // tests change: the controls are there, and using them is the panel test's and the API's.
    await editor.getByLabel('Attach a question').waitFor();
    await editor.getByRole('button', { name: `Detach ${grouped[0]}` }).waitFor();
    expect(await accessibilityViolations(studio)).toEqual([]);
    await context.close();
  });

  it('keeps the passage’s three questions together, in order, with the passage shown for each', async () => {
    await page.goto(`${baseUrl}/banks/${bankId}`);
    await openExamStartPage(page);
    await startExam(page);

    const passage = page.getByRole('region', { name: `Passage: ${passageTitle}` });
    const seen: { stem: string; withPassage: boolean }[] = [];
    for (let position = 1; position <= 5; position++) {
      const question = page.getByRole('region', { name: `Question ${position} of 5` });
      await question.waitFor();
      const text = (await question.textContent()) ?? '';
      const shown = [...grouped, ...loose].find((candidate) => text.includes(candidate))!;
      const withPassage = await passage.isVisible();
      if (withPassage) {
        await passage.getByText('Lake Nasser', { exact: false }).waitFor();
        // The math is typeset once the renderer has arrived, not left as source.
        await passage.locator('.katex').first().waitFor();
      }
      seen.push({ stem: shown, withPassage });
      if (position === 2 || withPassage) await answerAnything(question);
      if (position < 5) await page.getByRole('button', { name: 'Next', exact: true }).click();
    }

    const order = seen.map((entry) => entry.stem);
    const first = order.indexOf(grouped[0]!);
    expect(order.slice(first, first + 3)).toEqual(grouped);
    expect(seen.map((entry) => entry.withPassage)).toEqual(
      order.map((stem) => grouped.includes(stem)),
    );
  });

  it('has no accessibility violations on a question with its passage, wide and on a phone', async () => {
    const navigator = page.getByRole('navigation', { name: 'Questions' });
    const passage = page.getByRole('region', { name: `Passage: ${passageTitle}` });
    for (let position = 1; position <= 5; position++) {
      await navigator
        .getByRole('button')
        .nth(position - 1)
        .click();
      await page.getByRole('region', { name: `Question ${position} of 5` }).waitFor();
      if (await passage.isVisible()) break;
    }
    await passage.waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await accessibilityViolations(page)).toEqual([]);

    // On a phone the passage sits above the question and folds away.
    await page.setViewportSize({ width: 360, height: 780 });
    const hide = passage.getByRole('button', { name: 'Hide passage' });
    await hide.click();
    await passage.getByRole('button', { name: 'Show passage' }).waitFor();
    expect(await passage.getByText('Lake Nasser', { exact: false }).isVisible()).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await passage.getByRole('button', { name: 'Show passage' }).click();
    await passage.getByText('Lake Nasser', { exact: false }).waitFor();
  });
});
