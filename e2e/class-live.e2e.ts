import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { signInOverHttp } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { callAs } from './support/learning';
import { DEMO_PASSWORD, signIn, signUp } from './support/sign-in';
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

/** Two true/false questions whose answers the phones can tell from the stem. */
const questions = [
  { stem: 'The Rhine flows through Cologne.', answer: true },
  { stem: 'The Thames flows through Madrid.', answer: false },
];

/**
 * A class's live room from the class page to the gradebook: the demo teacher opens a room for
 * the demo class at 1280 px; three of the class's learners (the demo learner, and two who sign
 * up and join with the class's code) find it under To do on 360 px phones and join in one click
 * with their accounts, no code or nickname typed; they play in two teams; when the game ends the
 * teacher's gradebook has the room as a column with each learner's share of the maximum.
 * Accuracy scoring keeps the shares exact: 100 %, 50 % and 0 %.
 */
describe.skipIf(!browserAvailable)('a live room for a class', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const stamp = Date.now();
  const bankTitle = `Class rivers ${stamp}`;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let teacher: Page;
  let classUrl = '';
  let joinCode = '';
  const pageErrors: string[] = [];

  async function newPage(options: Parameters<Browser['newContext']>[0] = {}) {
    const created = await browser.newContext(options);
    contexts.push(created);
    const page = await created.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    // The demo author, an owner of the demo workspace, publishes a private bank for the room.
    await setDemoTenantRole(baseUrl, 'author@questa.test', 'owner');
    const { clientId } = await publishTrueFalseBank(
      baseUrl,
      {
        slug: `class-rivers-${stamp}`,
        title: bankTitle,
        description: 'Two rivers for a class game.',
        topic: 'Rivers',
      },
      questions,
    );
    // The demo teacher's class: where its page is and the code learners join with.
    const tess = await signInOverHttp(baseUrl, 'teacher@questa.test', DEMO_PASSWORD);
    const { classes } = (await (
      await callAs(baseUrl, tess, 'GET', `/api/teaching/clients/${clientId}/classes`)
    ).json()) as { classes: { id: string; name: string; joinCode: string }[] };
    const demo = classes.find((entry) => entry.name === DEMO_CLASS)!;
    classUrl = `${baseUrl}/classes/${demo.id}?workspace=${clientId}`;
    joinCode = demo.joinCode;

    browser = await launchBrowser();
    teacher = await newPage({ viewport: desk });
    await signIn(teacher, baseUrl, 'teacher@questa.test');
  });
  afterAll(async () => {
    for (const open of contexts) await open.close();
    await browser?.close();
    expect(pageErrors).toEqual([]);
  });

  /** A learner of the class on a phone, on To do, where the room shows once it is open. */
  async function learnerOnPhone(signInWith: (page: Page) => Promise<void>, joinClass: boolean) {
    const page = await newPage({ viewport: desk, hasTouch: true });
    await signInWith(page);
    await page.setViewportSize(phone);
    await page.goto(`${baseUrl}/todo`);
    if (joinClass) {
      await page.getByLabel('Class code').fill(joinCode.toLowerCase());
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Join class' }).click();
      await page.getByRole('heading', { name: `You are in “${DEMO_CLASS}”` }).waitFor();
    }
    return page;
  }

  /** Joins from To do in one click; the player's page names them by their account. */
  async function joinFromTodo(page: Page, name: string, shot?: string) {
    await page.goto(`${baseUrl}/todo`);
    await page.getByRole('heading', { name: 'Live now' }).waitFor();
    if (shot) {
      await shoot(page, shot);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    await page.getByRole('button', { name: `Join the live quiz of ${DEMO_CLASS}` }).click();
    await page.waitForURL(/\/live\/\d{6}$/);
    await page.getByText(`You're in, ${name}!`).waitFor();
  }

  /** The right label for the stem the phone shows: the room draws the questions' order. */
  async function choice(page: Page, right: boolean) {
    const text = (await page.locator('.live-player__stem').first().textContent()) ?? '';
    const question = questions.find((candidate) => text.includes(candidate.stem))!;
    return question.answer === right ? 'True' : 'False';
  }

  async function answer(page: Page, right: boolean) {
    await page.locator('.live-choice').first().waitFor({ timeout: 30_000 });
    await page.locator('.live-choice', { hasText: await choice(page, right) }).click();
    await page
      .getByText('Answer sent. Waiting for the others…')
      .or(page.locator('.live-result'))
      .waitFor();
  }

  it('plays a class room in two teams, and the teacher’s gradebook gets its column', async () => {
    // The teacher opens a room for the class from its page.
    await teacher.goto(classUrl);
    await teacher.getByRole('link', { name: 'Play live with the class' }).click();
    await teacher.getByRole('heading', { name: 'A live quiz for your class' }).waitFor();
    await teacher.getByLabel('Bank').selectOption({ label: `${bankTitle} (private)` });
    await teacher.getByLabel('Questions', { exact: true }).fill('2');
    await teacher.getByLabel('Seconds per question').fill('60');
    await teacher.getByLabel('Accuracy only: every right answer earns the same').check();
    await shoot(teacher, 'class-live-host-form-1280');
    expect(await seriousAccessibilityViolations(teacher)).toEqual([]);
    await teacher.getByRole('button', { name: 'Open room' }).click();
    await teacher.waitForURL(/\/host\/[0-9a-f-]{36}$/);

    // Three of the class's learners, on phones: the demo learner and two who sign up and join.
    const lena = await learnerOnPhone(
      (page) => signIn(page, baseUrl, 'learner@questa.test'),
      false,
    );
    const mia = await learnerOnPhone(
      (page) =>
        signUp(page, baseUrl, outbox, {
          name: `Mia ${stamp}`,
          email: `class-live-mia-${stamp}@questa.test`,
          password: `class-live-${stamp}-mia`,
        }),
      true,
    );
    const noah = await learnerOnPhone(
      (page) =>
        signUp(page, baseUrl, outbox, {
          name: `Noah ${stamp}`,
          email: `class-live-noah-${stamp}@questa.test`,
          password: `class-live-${stamp}-noah`,
        }),
      true,
    );
    await joinFromTodo(lena, 'Lena Learner', 'class-live-phone-todo-360');
    await shoot(lena, 'class-live-phone-lobby-360');
    await joinFromTodo(mia, `Mia ${stamp}`.slice(0, 20).trimEnd());
    await joinFromTodo(noah, `Noah ${stamp}`.slice(0, 20).trimEnd());
    await teacher.getByRole('heading', { name: '3 players' }).waitFor();

    // Two teams, no talk time; the server deals the three out.
    await teacher.getByRole('checkbox', { name: 'Play in teams' }).click();
    await teacher.getByText('Teams saved.').waitFor();
    await teacher.getByLabel('Talk time before answers').selectOption('0');
    await teacher.getByText('Teams saved.').waitFor();
    for (const page of [lena, mia, noah]) {
      await page.locator('.live-player__your-team').waitFor();
    }
    await shoot(teacher, 'class-live-host-lobby-1280');

    // Lena answers both right, Mia one, Noah none right.
    await teacher.getByRole('button', { name: /Start the game/ }).click();
    await answer(lena, true);
    await answer(mia, true);
    await answer(noah, false);
    await teacher.getByText(/^The answer: /).waitFor();
    await teacher.getByRole('button', { name: /Show the leaderboard/ }).click();
    await teacher.getByRole('list', { name: 'Teams' }).waitFor();
    await teacher.getByRole('button', { name: /Next question/ }).click();
    await teacher.getByText('Question 2 of 2').first().waitFor();
    await answer(lena, true);
    await answer(mia, false);
    await answer(noah, false);
    await teacher.getByText(/^The answer: /).waitFor();
    await teacher.getByRole('button', { name: /Show the leaderboard/ }).click();
    await teacher.getByRole('button', { name: /Show the podium/ }).click();
    await teacher.getByRole('heading', { name: 'Podium' }).waitFor();
    await lena
      .getByRole('heading', { name: 'Your team finished 1 of 2' })
      .or(lena.getByRole('heading', { name: 'Your team finished 2 of 2' }))
      .waitFor();
    await shoot(lena, 'class-live-phone-finished-360');

    // The room is no longer live for the class.
    await mia.goto(`${baseUrl}/todo`);
    await mia.getByRole('heading', { name: 'To do', level: 1 }).waitFor();
    expect(await mia.getByRole('heading', { name: 'Live now' }).count()).toBe(0);

    // The gradebook has the room as a column: each learner's share of the maximum.
    await teacher.goto(classUrl);
    const table = teacher.getByRole('grid', {
      name: 'Results of each learner in each assignment',
    });
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    const column = headers.findIndex((text) => text.includes(bankTitle));
    expect(column).toBeGreaterThan(0);
    expect(headers[column]).toContain('Live');
    const cellOf = async (name: string) =>
      (
        await table
          .getByRole('row')
          .filter({ has: teacher.getByRole('button', { name: `Attempts of ${name}` }) })
          .locator('th, td')
          .nth(column)
          .textContent()
      )?.trim();
    expect(await cellOf('Lena Learner')).toMatch(/^100%/);
    expect(await cellOf(`Mia ${stamp}`)).toMatch(/^50%/);
    expect(await cellOf(`Noah ${stamp}`)).toMatch(/^0%/);
    await table.scrollIntoViewIfNeeded();
    await shoot(teacher, 'class-live-gradebook-1280');
    expect(await seriousAccessibilityViolations(teacher)).toEqual([]);
  });
});
