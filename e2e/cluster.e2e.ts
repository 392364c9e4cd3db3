import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { loadScaledTimeout, readTestSettings } from '@questa/config';
import { readOutbox } from '@questa/mail';
import {
  clusterUnavailable,
  startQuestaCluster,
  type QuestaCluster,
} from '@questa/gateway/testing';
import { browserAvailable, launchBrowser } from './support/browser';
import {
  answerAnything,
  doPracticeAssignment,
  grantPremium,
  startGeographyExam,
} from './support/learning';
import { answerOnPhone } from './support/live';
import { signIn } from './support/sign-in';

const settings = readTestSettings();
const screenshots = settings.screenshotDir;
const unavailable = !browserAvailable
  ? 'Chromium is not available'
  : clusterUnavailable(settings.databaseUrl);
if (unavailable) {
  console.warn(
    `The flows through the cluster behind HAProxy (cluster.e2e.ts) are skipped: ${unavailable}.`,
  );
}

const desk = { width: 1280, height: 800 };
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const DEMO_CLASS = 'Demo class: World Geography';

/** An API response a page received, and the API process that HAProxy says answered it. */
interface Answered {
  path: string;
  server: string;
}

/**
 * The key flows in Chromium through Questa as it runs in production: the cluster plan's processes
 * (three API processes, the identity provider, the question database, the web client) behind
 * HAProxy, on a database and Redis key prefix of this file's own. Sign-in, an exam, a class
 * assignment and a live room all keep working while HAProxy spreads their requests and
 * WebSockets over the API processes. One browser context per person.
 */
describe.skipIf(unavailable)('the key flows through the cluster behind HAProxy', () => {
  let cluster: QuestaCluster;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let learner: Page;
  let learnerAnswered: Answered[];
  let teacher: Page;

  const shoot = async (page: Page, name: string) => {
    if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png` });
  };

  /** A page of its own browser context, its errors and its API responses' processes recorded. */
  async function newPage(options: Parameters<Browser['newContext']>[0] = {}) {
    const context = await browser.newContext(options);
    contexts.push(context);
    return pageOf(context);
  }

  async function pageOf(context: BrowserContext) {
    const page = await context.newPage();
    const answered: Answered[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      const server = response.headers()['x-questa-server'];
      if (server) answered.push({ path: new URL(response.url()).pathname, server });
    });
    return { page, answered };
  }

  const serversOf = (answered: Answered[], pathStart: string) =>
    new Set(answered.filter((entry) => entry.path.startsWith(pathStart)).map((e) => e.server));

  beforeAll(async () => {
    [cluster, browser] = await Promise.all([
      startQuestaCluster({
        adminDatabaseUrl: settings.databaseUrl!,
        env: { LOG_LEVEL: 'warn' },
      }),
      launchBrowser(),
    ]);
    // Before the learner's first request: each API process keeps a signed-in person's session
    // for a few seconds, and the admin's change drops it only on the process that made it.
    await grantPremium(cluster.url, 'learner@questa.test');
  }, loadScaledTimeout(300_000));

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await cluster?.stop();
    expect(pageErrors).toEqual([]);
  }, loadScaledTimeout(120_000));

  it('signs the learner in and keeps them signed in whichever API process answers', async () => {
    ({ page: learner, answered: learnerAnswered } = await newPage({ viewport: desk }));
    await signIn(learner, cluster.url, 'learner@questa.test');
    for (let reload = 0; reload < 2; reload++) {
      await learner.reload();
      await learner.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    }
    expect(serversOf(learnerAnswered, '/api/session').size).toBeGreaterThan(0);
    expect(serversOf(learnerAnswered, '/api/').size).toBeGreaterThan(1);
  });

  it('starts, answers and submits an exam across the API processes', async () => {
    await startGeographyExam(learner, cluster.url);
    for (const position of [1, 2]) {
      if (position > 1) {
        await learner
          .getByRole('navigation', { name: 'Questions' })
          .getByRole('button', { name: new RegExp(`^${position}\\b`) })
          .click();
      }
      const question = learner.getByRole('region', {
        name: new RegExp(`^Question ${position} of`),
      });
      await question.waitFor();
      await answerAnything(question);
      await learner.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    }
    await learner.getByRole('button', { name: 'Submit exam' }).click();
    await learner
      .getByRole('dialog', { name: 'Submit the exam?' })
      .getByRole('button', { name: 'Submit', exact: true })
      .click();
    await learner.waitForURL(/\/exams\/[0-9a-f-]{36}\/review$/);
    await learner
      .getByText(/^(Passed|Not passed)$/)
      .first()
      .waitFor();
    await shoot(learner, 'cluster-exam-review');
    expect(serversOf(learnerAnswered, '/api/exams').size).toBeGreaterThan(1);
  });

  it('has the demo learner do a class assignment from To do, seen in the teacher’s gradebook', async () => {
    await learner.goto(`${cluster.url}/todo`);
    await learner.getByRole('heading', { name: 'Capitals warm-up' }).waitFor();
    // The demo class pins half of six questions to the warm-up.
    await doPracticeAssignment(learner, 'Capitals warm-up', 3);
    await learner.goto(`${cluster.url}/todo`);
    await learner
      .getByText(/^Score: \d+%$/)
      .first()
      .waitFor();

    ({ page: teacher } = await newPage({ viewport: desk }));
    await signIn(teacher, cluster.url, 'teacher@questa.test');
    await teacher.getByRole('link', { name: 'Classes', exact: true }).click();
    await teacher.getByRole('link', { name: DEMO_CLASS }).click();
    const grid = teacher.getByRole('grid', { name: 'Results of each learner in each assignment' });
    await grid.waitFor();
    const headers = await grid.getByRole('columnheader').allTextContents();
    const column = headers.findIndex((text) => text.includes('Capitals warm-up'));
    expect(column).toBeGreaterThan(0);
    // The first column is the learner's name, a row header rather than a cell.
    const cell = grid
      .getByRole('row')
      .filter({ hasText: 'Lena Learner' })
      .getByRole('gridcell')
      .nth(column - 1);
    expect(await cell.getAttribute('data-state')).toBe('completed');
    expect(await cell.textContent()).toMatch(/\d+\s?%/);
    await grid.scrollIntoViewIfNeeded();
    await shoot(teacher, 'cluster-gradebook');
  });

  it('mails the class of a new assignment into the one outbox every API process writes to', async () => {
    const form = teacher.locator('form.give-assignment');
    await form.getByLabel('Title').fill('Rivers practice');
    await form.getByLabel('Bank').selectOption({ label: 'World Geography' });
    await form.getByLabel('Number of questions').fill('2');
    await form.getByRole('button', { name: 'Give assignment' }).click();
    await teacher.getByText('“Rivers practice” was given with 2 pinned questions.').waitFor();
    const subject = `New assignment in ${DEMO_CLASS}: Rivers practice`;
    // Mail follows the request: wait for it, whichever process wrote it.
    const mail = await vi.waitFor(
      async () => {
        const found = (await readOutbox(cluster.outbox)).find(
          (message) => message.to === 'learner@questa.test' && message.subject === subject,
        );
        if (!found) throw new Error(`no mail “${subject}” yet`);
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(mail.text).toContain(`${cluster.url}/todo`);
  });

  it('runs a live room with the host and two players, their WebSockets through HAProxy', async () => {
    const sockets = new Map<Page, WebSocket[]>();
    const watch = (page: Page) => {
      sockets.set(page, []);
      page.on('websocket', (socket) => sockets.get(page)!.push(socket));
    };
    const host = (await pageOf(teacher.context())).page;
    watch(host);
    await host.goto(`${cluster.url}/host`);
    await host.getByLabel('Bank').selectOption({ label: 'World Geography' });
    await host.getByLabel('Questions', { exact: true }).fill('1');
    await host.getByLabel('Seconds per question').fill('30');
    await host.getByRole('button', { name: 'Open room' }).click();
    // Opening a room crosses HAProxy, an API process and the question database; on a loaded CI
    // machine that can outlast the default wait, and a failure should say what the host saw.
    await host.waitForURL(/\/host\/[0-9a-f-]{36}$/, { timeout: 90_000 }).catch(async (error) => {
      const alerts = await host.getByRole('alert').allTextContents();
      throw new Error(`${String(error)}\nThe host saw at ${host.url()}: ${alerts.join(' | ')}`);
    });
    const code = (await host.locator('#live-code').textContent())!.trim();

    // A guest on a phone types the code; the signed-in learner opens the link.
    const guest = (await newPage(phone)).page;
    watch(guest);
    await guest.goto(`${cluster.url}/live`);
    await guest.getByLabel('Room code').fill(code);
    await guest.getByLabel('Nickname').fill('Guesty');
    await guest.getByRole('button', { name: 'Join' }).click();
    await guest.getByText(/in, Guesty!/).waitFor();
    const player = (await pageOf(learner.context())).page;
    watch(player);
    await player.goto(`${cluster.url}/live/${code}`);
    await player.getByLabel('Nickname').fill('Lena');
    await player.getByRole('button', { name: 'Join' }).click();
    await player.getByText(/in, Lena!/).waitFor();
    await host.getByRole('heading', { name: '2 players' }).waitFor();

    await host.locator('body').press('Enter');
    await host.getByText('Question 1 of 1').first().waitFor();
    for (const page of [guest, player]) {
      await page.getByText('Question 1 of 1').first().waitFor();
      await answerOnPhone(page);
    }
    await host.getByText(/^The answer: /).waitFor();
    await shoot(host, 'cluster-live-host');
    await shoot(guest, 'cluster-live-player');

    const live = `${cluster.url.replace(/^http/, 'ws')}/api/live/`;
    for (const page of [host, guest, player]) {
      const open = sockets.get(page)!.filter((s) => s.url().startsWith(live) && !s.isClosed());
      expect(open).toHaveLength(1);
    }
  });
});
