import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ExamAttempt, ExamSummary } from '@questa/contracts';
import { signInOverHttp, startQuesta, type RunningServer } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser } from './support/browser';
import {
  answerAnything,
  callAs,
  grantPremium,
  idInUrl,
  openExamStartPage,
  startExam,
} from './support/learning';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

const LEARNER = 'learner@questa.test';

/**
 * Exams under faults, on a server of their own (it is killed on purpose), with a short grace
 * period and a quick deadline sweep so the server's own submission can be watched.
 */
describe.skipIf(!browserAvailable)('exams never lose an answer', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let bankId: string;

  const env = { EXAM_GRACE_SECONDS: '2', EXAM_SWEEP_INTERVAL_MS: '300' };

  async function exam(cookie: string, attemptId: string) {
    const response = await callAs(server.url, cookie, 'GET', `/api/exams/${attemptId}`);
    return (await response.json()) as ExamAttempt;
  }

  async function answerQuestion(position: number) {
    const question = page.getByRole('region', { name: new RegExp(`^Question ${position} of`) });
    await question.waitFor();
    await answerAnything(question);
  }

  beforeAll(async () => {
    server = await startQuesta({ keepDataDir: true, env });
    browser = await launchBrowser();
    await signInOverHttp(server.url, LEARNER, DEMO_PASSWORD);
    await grantPremium(server.url, LEARNER);
    const catalog = (await (await fetch(`${server.url}/api/catalog/banks`)).json()) as {
      banks: { id: string; title: string }[];
    };
    bankId = catalog.banks.find((bank) => bank.title === 'World Geography')!.id;
    context = await browser.newContext();
    page = await context.newPage();
    await signIn(page, server.url, LEARNER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps answers given offline on the device, and sends them when the connection returns', async () => {
    await page.goto(`${server.url}/banks/${bankId}`);
    await openExamStartPage(page);
    await startExam(page);
    const attemptId = idInUrl(page);

    await answerQuestion(1);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    await context.setOffline(true);
    for (const position of [2, 3, 4]) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await answerQuestion(position);
    }
    // Every further question still opens offline, whatever it needs to render (Markdown, blanks).
    const total = await page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button')
      .count();
    for (let position = 5; position <= total; position++) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('region', { name: new RegExp(`^Question ${position} of`) }).waitFor();
    }
    await page.getByText(/Connection lost — your answers are kept on this device/).waitFor();
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await exam(cookie, attemptId)).responses).toHaveLength(1);

    await context.setOffline(false);
    await expect
      .poll(async () => (await exam(cookie, attemptId)).responses.length, { timeout: 20_000 })
      .toBe(4);
    await expect.poll(() => page.getByText(/Connection lost/).count(), { timeout: 10_000 }).toBe(0);
  });

  it('resumes after the server is killed, with every acknowledged answer and the right time', async () => {
    const attemptId = idInUrl(page);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const before = await exam(cookie, attemptId);
    expect(before.responses).toHaveLength(4);

    await server.kill();
    server = await startQuesta({
      dataDir: server.dataDir,
      port: server.port,
      keepDataDir: true,
      env,
    });

    await page.reload();
    await page.getByRole('timer').waitFor();
    const after = await exam(cookie, attemptId);
    expect(after.deadline).toBe(before.deadline);
    expect(after.responses.map((response) => response.position)).toEqual([1, 2, 3, 4]);
    const navigator = page.getByRole('navigation', { name: 'Questions' });
    const answered = async () =>
      (
        await navigator
          .getByRole('button')
          .evaluateAll((buttons) => buttons.map((button) => button.textContent ?? ''))
      ).flatMap((name, index) => (/, answered/.test(name) ? [index + 1] : []));
    await expect.poll(answered).toEqual([1, 2, 3, 4]);
    // The clock shows what the server's deadline leaves, close to the full 30 minutes.
    const shown = (await page.getByRole('timer').textContent()) ?? '';
    const [minutes] = /(\d+):(\d\d)/.exec(shown)!.slice(1).map(Number);
    const left = (Date.parse(after.deadline) - Date.parse(after.serverNow)) / 60_000;
    expect(Math.abs(minutes! - Math.floor(left))).toBeLessThanOrEqual(1);
  });

  it('is submitted by the server at the deadline with its saved answers, with nobody connected', async () => {
    const author = await signInOverHttp(server.url, 'author@questa.test', DEMO_PASSWORD);
    const bank = (await (await fetch(`${server.url}/api/catalog/banks/${bankId}`)).json()) as {
      clientId: string;
    };
    const created = await callAs(
      server.url,
      author,
      'POST',
      `/api/authoring/clients/${bank.clientId}/banks/${bankId}/blueprints`,
      { title: 'Ten-second sprint', rules: [{ count: 3 }], timeLimitSeconds: 10 },
    );
    expect(created.status).toBe(201);

    await page.goto(`${server.url}/banks/${bankId}`);
    await openExamStartPage(page, 'Ten-second sprint');
    await startExam(page);
    const attemptId = idInUrl(page);
    await answerQuestion(1);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // The learner walks away: no page, no client, nothing to submit the exam.
    await page.close();

    const learner = await signInOverHttp(server.url, LEARNER, DEMO_PASSWORD);
    const closed = async () => {
      const list = (await (await callAs(server.url, learner, 'GET', '/api/exams')).json()) as {
        attempts: ExamSummary[];
      };
      return list.attempts.find((attempt) => attempt.id === attemptId);
    };
    await expect.poll(async () => (await closed())?.state, { timeout: 30_000 }).toBe('expired');
    const attempt = await exam(learner, attemptId);
    expect(attempt).toMatchObject({ submittedBy: 'server', questions: expect.any(Array) });
    expect(attempt.responses).toHaveLength(1);
    expect(attempt.score?.maxPoints).toBeGreaterThan(0);

    page = await context.newPage();
    await page.goto(`${server.url}/exams/${attemptId}/review`);
    await page.getByText(/time ran out/).waitFor();
  });
});
