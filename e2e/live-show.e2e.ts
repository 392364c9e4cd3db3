import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signIn } from './support/sign-in';
import { publishTrueFalseBank } from './support/authoring';
import { setDemoTenantRole } from './support/tenant-roles';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const shoot = async (page: Page, name: string) => {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png` });
};

const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Two true/false questions whose answers the phones can tell from the stem. */
const questions = [
  { stem: 'The Nile flows through Cairo.', answer: true },
  { stem: 'The Seine flows through Berlin.', answer: false },
];

/**
 * A live room as a show on the big screen: the host presents at 1920×1080 (and on a 1280×720
 * projector) with nothing of the site around the console, reveals each answer by hand, removes a
 * player for good and locks the door for a while; three phones play: Ada from the start, Mallory
 * until the host removes her, and Ben, who comes in late through the join hint. Ada and Ben end
 * tied, and share the podium's top step as they share rank 1 in the table.
 */
describe.skipIf(!browserAvailable)('a live room on the big screen', () => {
  const baseUrl = inject('baseUrl');
  const bankTitle = `Rivers show ${Date.now()}`;
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
        slug: `rivers-show-${Date.now()}`,
        title: bankTitle,
        description: 'Two rivers for a live show.',
        topic: 'Rivers',
      },
      questions,
    );
    browser = await launchBrowser();
    host = await (await context({ viewport: { width: 1920, height: 1080 } })).newPage();
    await signIn(host, baseUrl, 'author@questa.test');
  });
  afterAll(async () => {
    for (const open of contexts) await open.close();
    await browser?.close();
  });

  async function joinOnPhone(code: string, nickname: string) {
    const page = await (await context(phone)).newPage();
    await page.goto(`${baseUrl}/live`);
    await page.getByLabel('Room code').fill(code);
    await page.getByLabel('Nickname').fill(nickname);
    await page.getByRole('button', { name: 'Join' }).click();
    return page;
  }
  const joined = (page: Page, nickname: string) =>
    page.getByText(new RegExp(`in, ${nickname}!`)).waitFor();

  /** The right choice's label for the stem a screen shows: the room draws the questions' order. */
  const rightChoice = async (stem: Locator) => {
    const text = (await stem.textContent()) ?? '';
    const question = questions.find((candidate) => text.includes(candidate.stem))!;
    return question.answer ? 'True' : 'False';
  };

  /** Answers the open question right, by the stem the phone shows. */
  async function answerRight(page: Page) {
    const label = await rightChoice(page.locator('.live-player__stem'));
    await page.locator('.live-choice', { hasText: label }).click();
  }

  const press = (key: string) => host.keyboard.press(key);
  const sideways = (page: Page) =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

  it('runs the show from the lobby to a shared podium', async () => {
    await host.goto(`${baseUrl}/host`);
    await host.getByLabel('Bank').selectOption({ label: `${bankTitle} (private)` });
    await host.getByLabel('Questions', { exact: true }).fill('2');
    await host.getByLabel('Seconds per question').fill('120');
    await host.getByLabel('Accuracy only: every right answer earns the same').check();
    await host.getByLabel(/Reveal each answer myself/).check();
    await host.getByRole('button', { name: 'Open room' }).click();
    await host.waitForURL(/\/host\/[0-9a-f-]{36}$/);
    const code = (await host.locator('#live-code').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);

    // Presentation mode: F, and the console alone on the screen, without the site's navigation.
    await expect.poll(() => host.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await press('f');
    await host.locator('.live-host--present').waitFor();
    expect(await host.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
    expect(await host.getByRole('navigation').count()).toBe(0);
    await host.locator('.live-qr svg').waitFor();
    const codeSize = await host
      .locator('#live-code')
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(codeSize).toBeGreaterThanOrEqual(120);
    expect(await seriousAccessibilityViolations(host)).toEqual([]);

    const ada = await joinOnPhone(code, 'Ada');
    await joined(ada, 'Ada');
    const mallory = await joinOnPhone(code, 'Mallory');
    await joined(mallory, 'Mallory');
    await host.getByRole('heading', { name: '2 players' }).waitFor();
    await shoot(host, 'show-host-lobby-1920');
    expect(await sideways(ada)).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityViolations(ada)).toEqual([]);

    // Locked, the door stays shut for a newcomer; unlocked, it opens again (Ben comes later).
    await press('l');
    await host.getByText('Room locked: nobody new can join.').first().waitFor();
    const ben = await joinOnPhone(code, 'Ben');
    await ben
      .getByText(/locked this room/)
      .first()
      .waitFor();
    await press('l');
    await host.getByRole('button', { name: /^Lock room/ }).waitFor();

    // Question 1: Mallory answers it right, Ada not at all; the host closes it by hand.
    await press('Enter');
    await host.getByText('Question 1 of 2').first().waitFor();
    await mallory.getByRole('timer').waitFor();
    await answerRight(mallory);
    await mallory.getByText('Answer sent. Waiting for the others…').waitFor();
    // The join hint keeps the way in open: the full address with /live, the code and a QR code.
    const hint = host.locator('.live-host__join');
    expect(await hint.textContent()).toContain(`${new URL(baseUrl).host}/live`);
    expect(await hint.textContent()).toContain(code);
    expect(await hint.locator('.live-qr svg').isVisible()).toBe(true);
    await shoot(host, 'show-host-question-1920');
    expect(await seriousAccessibilityViolations(host)).toEqual([]);
    await shoot(ada, 'show-phone-question');
    expect(await seriousAccessibilityViolations(ada)).toEqual([]);

    // The same screen on a 1280×720 projector: still large, nothing off to the side.
    await host.setViewportSize({ width: 1280, height: 720 });
    expect(await sideways(host)).toBeLessThanOrEqual(0);
    const stemSize = await host
      .locator('.live-host__stem')
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(stemSize).toBeGreaterThanOrEqual(40);
    await shoot(host, 'show-host-question-1280');
    await host.setViewportSize({ width: 1920, height: 1080 });

    await press('c');
    // The answer waits for the host: the chart has counts but marks nothing yet.
    await host.getByText('Time is up. The answer is hidden until you reveal it.').waitFor();
    expect(await host.locator('.live-badge').count()).toBe(0);
    await mallory
      .locator('section')
      .getByText(/reveals the answer in a moment/)
      .waitFor();
    // The console offers the reveal once its view says the answer is hidden (Enter reveals the
    // next one, below).
    await host.getByRole('button', { name: /Reveal the answer/ }).click();
    const first = await rightChoice(host.locator('.live-host__stem'));
    await host.getByText(`The answer: ${first}`).waitFor();
    const rightBar = host.locator('.live-distribution__row[data-correct="true"]');
    expect(await rightBar.textContent()).toMatch(new RegExp(`${first}.*correct.*1`));
    await mallory.locator('.live-result[data-correct="true"]').waitFor();
    await ada
      .locator('.live-result[data-correct="false"]')
      .getByText('No answer this time')
      .waitFor();
    await shoot(host, 'show-host-reveal');
    await shoot(mallory, 'show-phone-right');
    await shoot(ada, 'show-phone-wrong');
    expect(await seriousAccessibilityViolations(mallory)).toEqual([]);

    // Ben comes in late, by the address on the big screen.
    await ben.goto(`${baseUrl}/live`);
    await ben.getByLabel('Room code').fill(code);
    await ben.getByLabel('Nickname').fill('Ben');
    await ben.getByRole('button', { name: 'Join' }).click();
    await ben.locator('.live-player__name', { hasText: 'Ben' }).waitFor();

    // The leaderboard: Mallory ahead, the others marked as gone down behind her.
    await press('Enter');
    const board = host.locator('.live-leaderboard');
    await board.waitFor();
    await expect
      .poll(() => board.locator('.live-leaderboard__name').allTextContents())
      .toEqual(['Mallory', 'Ada', 'Ben']);
    expect(await board.locator('.live-move[data-move="down"]').count()).toBe(2);
    await shoot(host, 'show-host-leaderboard-1');

    // Question 2. The host removes Mallory for good, after saying yes to the question it asks.
    await press('Enter');
    await host.getByText('Question 2 of 2').first().waitFor();
    await press('k');
    await host.getByRole('button', { name: 'Remove Mallory' }).click();
    const confirm = host.getByRole('dialog');
    await confirm.getByText('Remove Mallory from the room?').waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await mallory.getByText('The host has removed you from this room').waitFor();
    await host.getByRole('button', { name: 'Remove Mallory' }).waitFor({ state: 'detached' });
    const again = await joinOnPhone(code, 'Mallory');
    await again.getByText('The host has removed this nickname from the room.').waitFor();

    // Both answer right; the last answer closes the question, and Enter reveals it.
    for (const page of [ada, ben]) {
      await page.getByText('Question 2 of 2').first().waitFor();
      await page.getByRole('timer').waitFor();
      await answerRight(page);
    }
    await host.getByText('Time is up. The answer is hidden until you reveal it.').waitFor();
    await press('Enter');
    await host
      .getByText(`The answer: ${await rightChoice(host.locator('.live-host__stem'))}`)
      .waitFor();
    await ada.locator('.live-result[data-correct="true"]').waitFor();
    await ben.locator('.live-result[data-correct="true"]').waitFor();

    // Ada and Ben tied at the top.
    await press('Enter');
    await expect
      .poll(() => board.locator('.live-leaderboard__rank').allTextContents())
      .toEqual(['1', '1']);
    await shoot(host, 'show-host-leaderboard-2');
    expect(await seriousAccessibilityViolations(host)).toEqual([]);

    // The podium: one step for the tie, and the table agrees.
    await press('Enter');
    await host.getByRole('heading', { name: 'Podium' }).waitFor();
    const top = host.locator('.live-podium__step--1');
    await expect
      .poll(() => top.locator('.live-podium__name').allTextContents())
      .toEqual(expect.arrayContaining(['Ada', 'Ben']));
    expect(await top.locator('.live-podium__place').textContent()).toContain('1');
    expect(await host.locator('.live-podium__step').count()).toBe(1);
    const table = host.locator('table').first();
    await table.locator('tbody tr').nth(1).waitFor();
    const ranks = await table.locator('tbody tr td:first-child').allTextContents();
    expect(ranks).toEqual(['1', '1']);
    await shoot(host, 'show-host-podium');
    expect(await seriousAccessibilityViolations(host)).toEqual([]);
    await ada.getByRole('heading', { name: 'You finished 1 of 2' }).waitFor();
    await shoot(ada, 'show-phone-finished');
    expect(await seriousAccessibilityViolations(ada)).toEqual([]);

    // Leaving presentation mode brings the site back.
    await press('f');
    await host.getByRole('button', { name: 'Sign out' }).waitFor();
  });
});
