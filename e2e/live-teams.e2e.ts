import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signIn, signUp } from './support/sign-in';
import { publishTrueFalseBank } from './support/authoring';
import { setDemoTenantRole } from './support/tenant-roles';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const shoot = async (page: Page, name: string) => {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png` });
};

const phone = { width: 360, height: 740 };

/** Two true/false questions whose answers the phones can tell from the stem. */
const questions = [
  { stem: 'The Nile flows through Cairo.', answer: true },
  { stem: 'The Seine flows through Berlin.', answer: false },
];

/**
 * A live room played in two teams: the host on a 1280 px screen switches teams on in the lobby,
 * sets a talk time and puts three signed-in players into teams with the keyboard-usable team
 * lists; the phones (360 px) show each player their team, "Talk with your team" before each
 * question's answers open, then the teams' leaderboard and the final team podium, with each
 * player's own score beside. Accuracy scoring keeps the averages exact: Lena and Ada (Team Red)
 * against Sam (Team Blue).
 */
describe.skipIf(!browserAvailable)('a live room in teams', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  const bankTitle = `Rivers in teams ${Date.now()}`;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let host: Page;

  async function context(options: Parameters<Browser['newContext']>[0] = {}) {
    const created = await browser.newContext(options);
    contexts.push(created);
    return created;
  }

  beforeAll(async () => {
    // The demo author writes and publishes a private bank the room is drawn from.
    await setDemoTenantRole(baseUrl, 'author@questa.test', 'owner');
    await publishTrueFalseBank(
      baseUrl,
      {
        slug: `rivers-teams-${Date.now()}`,
        title: bankTitle,
        description: 'Two rivers for a game in teams.',
        topic: 'Rivers',
      },
      questions,
    );
    browser = await launchBrowser();
    host = await (await context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(host, baseUrl, 'author@questa.test');
  });
  afterAll(async () => {
    for (const open of contexts) await open.close();
    await browser?.close();
  });

  /** A signed-in player: signed in at a laptop's width, then playing on a 360 px phone. */
  async function signedInPlayer(
    code: string,
    nickname: string,
    signInWith: (page: Page) => Promise<void>,
  ) {
    const page = await (await context({ hasTouch: true })).newPage();
    await signInWith(page);
    await page.setViewportSize(phone);
    await page.goto(`${baseUrl}/live/${code}`);
    await page.getByLabel('Nickname').fill(nickname);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText(new RegExp(`in, ${nickname}!`)).waitFor();
    return page;
  }

  /** The right label for the stem the phone shows: the room draws the questions' order. */
  async function choice(page: Page, right: boolean) {
    const text = (await page.locator('.live-player__stem').first().textContent()) ?? '';
    const question = questions.find((candidate) => text.includes(candidate.stem))!;
    return question.answer === right ? 'True' : 'False';
  }

  /** Waits out the talk time on the phone, then answers right or wrong. */
  async function answer(page: Page, right: boolean) {
    await page.locator('.live-choice').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('Talk with your team').count()).toBe(0);
    await page.locator('.live-choice', { hasText: await choice(page, right) }).click();
    await page
      .getByText('Answer sent. Waiting for the others…')
      .or(page.locator('.live-result'))
      .waitFor();
  }

  const sideways = (page: Page) =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

  it('plays a room in two teams: talk time, the teams’ leaderboard and the team podium', async () => {
    await host.goto(`${baseUrl}/host`);
    await host.getByLabel('Bank').selectOption({ label: `${bankTitle} (private)` });
    await host.getByLabel('Questions', { exact: true }).fill('2');
    await host.getByLabel('Seconds per question').fill('60');
    await host.getByLabel('Accuracy only: every right answer earns the same').check();
    await host.getByRole('button', { name: 'Open room' }).click();
    await host.waitForURL(/\/host\/[0-9a-f-]{36}$/);
    const code = (await host.locator('#live-code').textContent())!.trim();

    // Three signed-in accounts: the two demo learners and someone who signs up now.
    const lena = await signedInPlayer(code, 'Lena', (page) =>
      signIn(page, baseUrl, 'learner@questa.test'),
    );
    const ada = await signedInPlayer(code, 'Ada', (page) =>
      signIn(page, baseUrl, 'admin@questa.test'),
    );
    const stamp = Date.now();
    const sam = await signedInPlayer(code, 'Sam', (page) =>
      signUp(page, baseUrl, outbox, {
        name: 'Sam Teams',
        email: `sam-${stamp}@questa.test`,
        password: `teams-${stamp}-password`,
      }),
    );
    await host.getByRole('heading', { name: '3 players' }).waitFor();

    // Teams on: the players are dealt into two teams at once, then placed by hand.
    // The switch follows the room: it shows on once the server has made the teams.
    await host.getByRole('checkbox', { name: 'Play in teams' }).click();
    await host.getByText('Teams saved.').waitFor();
    // The save is acknowledged first; the room's new view, teams and all, follows on the channel.
    await host.getByRole('region', { name: /Team Red/ }).waitFor();
    await expect
      .poll(() => host.getByRole('checkbox', { name: 'Play in teams' }).isChecked())
      .toBe(true);
    await host.getByLabel('Talk time before answers').selectOption('5');
    await host.getByText('Teams saved.').waitFor();
    for (const [name, team] of [
      ['Lena', 'Team Red'],
      ['Ada', 'Team Red'],
      ['Sam', 'Team Blue'],
    ] as const) {
      const list = host.getByLabel(`Team for ${name}`);
      if ((await list.inputValue()) === (team === 'Team Red' ? '1' : '2')) continue;
      await list.selectOption({ label: team });
      await host.getByText(`${name} now plays for ${team}.`).waitFor();
    }
    const red = host.getByRole('region', { name: /Team Red/ });
    const blue = host.getByRole('region', { name: /Team Blue/ });
    await expect
      .poll(async () => [
        (await red.locator('.live-teams__nickname').allTextContents()).sort(),
        await blue.locator('.live-teams__nickname').allTextContents(),
      ])
      .toEqual([['Ada', 'Lena'], ['Sam']]);
    await lena.locator('.live-player__your-team', { hasText: 'Your team: Team Red' }).waitFor();
    await sam.locator('.live-player__your-team', { hasText: 'Your team: Team Blue' }).waitFor();
    expect(await sideways(host)).toBeLessThanOrEqual(0);
    expect(await sideways(sam)).toBeLessThanOrEqual(0);
    await blue.scrollIntoViewIfNeeded();
    await shoot(host, 'teams-host-lobby-1280');
    await shoot(sam, 'teams-phone-lobby-360');
    expect(await seriousAccessibilityViolations(host)).toEqual([]);
    expect(await seriousAccessibilityViolations(sam)).toEqual([]);

    // Question 1: the question shows with "Talk with your team", and the answers open after it.
    // Lena is right, Ada wrong, Sam right: Red averages half of Blue.
    await host.getByRole('button', { name: /Start the game/ }).click();
    for (const page of [host, lena, ada, sam]) {
      await page.getByText('Talk with your team').first().waitFor();
    }
    expect(await lena.locator('.live-choice').count()).toBe(0);
    await shoot(host, 'teams-host-talk-1280');
    await shoot(lena, 'teams-phone-talk-360');
    expect(await seriousAccessibilityViolations(lena)).toEqual([]);
    await answer(lena, true);
    await answer(ada, false);
    await answer(sam, true);
    await host.getByText(/^The answer: /).waitFor();
    await host.getByRole('button', { name: /Show the leaderboard/ }).click();

    const teams = host.getByRole('list', { name: 'Teams' });
    await teams.waitFor();
    await expect
      .poll(() => teams.locator('.live-team__name').allTextContents())
      .toEqual(['Team Blue', 'Team Red']);
    expect(await teams.locator('.live-leaderboard__score').allTextContents()).toEqual([
      '1000',
      '500',
    ]);
    await ada.getByRole('heading', { name: 'Your team is number 2' }).waitFor();
    await sam.getByRole('heading', { name: 'Your team is number 1' }).waitFor();
    await shoot(host, 'teams-host-leaderboard-1280');
    await shoot(ada, 'teams-phone-leaderboard-360');
    expect(await seriousAccessibilityViolations(host)).toEqual([]);

    // Question 2: Lena and Ada right, Sam wrong. Red (1500 on average) overtakes Blue (1000).
    await host.getByRole('button', { name: /Next question/ }).click();
    await host.getByText('Question 2 of 2').first().waitFor();
    await sam.locator('.live-talk').getByText('Talk with your team').waitFor();
    await answer(lena, true);
    await answer(ada, true);
    await answer(sam, false);
    await host.getByText(/^The answer: /).waitFor();
    await host.getByRole('button', { name: /Show the leaderboard/ }).click();
    await expect
      .poll(() => teams.locator('.live-team__name').allTextContents())
      .toEqual(['Team Red', 'Team Blue']);

    // The podium stands the teams on its steps; every phone has its team's place and its own.
    await host.getByRole('button', { name: /Show the podium/ }).click();
    await host.getByRole('heading', { name: 'Podium' }).waitFor();
    const top = host.locator('.live-podium__step--1');
    await expect
      .poll(() => top.locator('.live-podium__name').allTextContents())
      .toEqual(['Team Red']);
    expect(await top.locator('.live-podium__score').textContent()).toBe('1,500 points');
    await host.getByRole('table', { name: 'Teams' }).waitFor();
    await lena.getByRole('heading', { name: 'Your team finished 1 of 2' }).waitFor();
    await lena.getByRole('heading', { name: 'You finished 1 of 3' }).waitFor();
    await sam.getByRole('heading', { name: 'Your team finished 2 of 2' }).waitFor();
    expect(await sam.getByLabel('Your score').textContent()).toBe('1,000 points');
    expect(await ada.getByLabel('Your score').textContent()).toBe('1,000 points');
    await shoot(host, 'teams-host-podium-1280');
    await shoot(sam, 'teams-phone-finished-360');
    expect(await sideways(sam)).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityViolations(host)).toEqual([]);
    expect(await seriousAccessibilityViolations(sam)).toEqual([]);
  });
});
