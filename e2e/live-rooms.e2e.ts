import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { answerOnPhone } from './support/live';
import { signIn, submitSignIn } from './support/sign-in';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const shoot = async (page: Page, name: string) => {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png` });
};

const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/**
 * A live room as people play it: the host on a 1920×1080 screen, three players on 360 px phones
 * (a guest and two signed in), five questions, one answered by nobody, one player reloading
 * mid-question, the podium, the CSV, and a signed-in player's missed questions in their reviews.
 */
describe.skipIf(!browserAvailable)('live rooms', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let host: Page;
  let players: { name: string; page: Page }[] = [];

  async function context(options: Parameters<Browser['newContext']>[0] = {}) {
    const created = await browser.newContext({ acceptDownloads: true, ...options });
    contexts.push(created);
    return created;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    host = await (await context({ viewport: { width: 1920, height: 1080 } })).newPage();
    await signIn(host, baseUrl, 'author@questa.test');
  });
  afterAll(async () => {
    for (const open of contexts) await open.close();
    await browser?.close();
  });

  const hostShowsAnswer = () => host.getByText(/^The answer: /).waitFor({ timeout: 60_000 });
  const next = async () => {
    await host.locator('body').press('Enter');
  };

  it('runs a room from the lobby to the podium with a guest and two signed-in players', async () => {
    await host.goto(`${baseUrl}/host`);
    await host.getByLabel('Bank').selectOption({ label: 'World Geography' });
    await host.getByLabel('Questions', { exact: true }).fill('5');
    await host.getByLabel('Seconds per question').fill('15');
    await host.getByRole('button', { name: 'Open room' }).click();
    await host.waitForURL(/\/host\/[0-9a-f-]{36}$/);
    const code = (await host.locator('#live-code').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    await host.locator('.live-qr svg').waitFor();
    expect(await seriousAccessibilityViolations(host)).toEqual([]);

    // Three phones: a guest who types the code, and two signed-in players who open the link.
    const guest = await (await context(phone)).newPage();
    await guest.goto(`${baseUrl}/live`);
    await guest.getByLabel('Room code').fill(code);
    await guest.getByLabel('Nickname').fill('Guesty');
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);
    // The player's page fits a 360 px phone: nothing scrolls sideways.
    expect(
      await guest.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await guest.getByRole('button', { name: 'Join' }).click();
    await guest.getByText('You’re in, Guesty!').or(guest.getByText("You're in, Guesty!")).waitFor();
    players = [{ name: 'Guesty', page: guest }];
    for (const [email, name] of [
      ['learner@questa.test', 'Lena'],
      ['admin@questa.test', 'Ada'],
    ] as const) {
      // Signed in at a laptop's width (the phone header folds the link into its menu), then
      // played at a phone's.
      const page = await (await context({ hasTouch: true })).newPage();
      await signIn(page, baseUrl, email);
      await page.setViewportSize(phone.viewport);
      await page.goto(`${baseUrl}/live/${code}`);
      await page.getByLabel('Nickname').fill(name);
      await page.getByRole('button', { name: 'Join' }).click();
      await page.getByText(new RegExp(`in, ${name}!`)).waitFor();
      players.push({ name, page });
    }
    await host.getByRole('heading', { name: '3 players' }).waitFor();
    await shoot(host, 'live-host-lobby');
    await shoot(guest, 'live-player-lobby');

    // The host starts with the keyboard.
    await next();
    for (let position = 1; position <= 5; position++) {
      await host.getByText(`Question ${position} of 5`).first().waitFor();
      if (position === 1) {
        await shoot(host, 'live-host-question');
        expect(await seriousAccessibilityViolations(host)).toEqual([]);
        await players[0]!.page.getByRole('timer').waitFor();
        await shoot(players[0]!.page, 'live-player-question');
        expect(await seriousAccessibilityViolations(players[0]!.page)).toEqual([]);
      }
      if (position !== 3) {
        for (const player of players) {
          await player.page.getByText(`Question ${position} of 5`).first().waitFor();
          if (position === 2 && player.name === 'Lena') {
            // Lena reloads mid-question: same nickname, same score.
            const before = await player.page.getByLabel('Your score').textContent();
            await player.page.reload();
            await player.page.getByText('Lena', { exact: true }).waitFor();
            expect(await player.page.getByLabel('Your score').textContent()).toBe(before);
          }
          await answerOnPhone(player.page);
        }
      }
      // Question 3 is answered by nobody: it closes on time all the same.
      await hostShowsAnswer();
      if (position === 1) await shoot(host, 'live-host-reveal');
      if (position === 1) await shoot(players[0]!.page, 'live-player-result');
      await next();
      await host.getByRole('heading', { name: 'Leaderboard' }).waitFor();
      await next();
    }

    await host.getByRole('heading', { name: 'Podium' }).waitFor();
    await shoot(host, 'live-host-podium');
    for (const player of players)
      await player.page
        .getByText(/^You finished \d+ of 3$/)
        .first()
        .waitFor();
    await shoot(players[1]!.page, 'live-player-finished');
    expect(await seriousAccessibilityViolations(host)).toEqual([]);

    // The guest signs in at the end, comes back to the same page, and the result is theirs.
    const keep = guest.getByRole('link', { name: 'Sign in to keep this result' });
    await keep.waitFor();
    await shoot(guest, 'live-guest-finished');
    await keep.click();
    await submitSignIn(guest, 'author@questa.test');
    await guest.waitForURL(`${baseUrl}/live/${code}`);
    await guest
      .getByText(/^Kept: your \d+ answers? now counts? in your progress and reviews\.$/)
      .or(guest.getByText('This result is kept in your account.'))
      .waitFor();
    await shoot(guest, 'live-guest-kept');

    const download = host.waitForEvent('download');
    await host.getByRole('link', { name: 'Download results (CSV)' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv).toMatch(/^"rank","nickname","score"/);
    for (const player of players) expect(csv).toContain(`"${player.name}"`);

    // Ada's missed questions are in her reviews, as practice would put them there.
    const results = (await (
      await host.request.get(
        `${baseUrl}/api/rooms/${/host\/([0-9a-f-]{36})/.exec(host.url())![1]}/results`,
      )
    ).json()) as {
      questions: { stem: string }[];
      players: { nickname: string; correct: number; answered: number }[];
    };
    const ada = players[2]!.page;
    const queue = (await (await ada.request.get(`${baseUrl}/api/review/queue`)).json()) as {
      cards: { question: { stem: string } }[];
    };
    const stems = new Set(results.questions.map((question) => question.stem));
    const adaResult = results.players.find((player) => player.nickname === 'Ada')!;
    const missed = queue.cards.filter((card) => stems.has(card.question.stem));
    expect(missed.length).toBeGreaterThanOrEqual(
      Math.min(1, adaResult.answered - adaResult.correct),
    );
    await ada.goto(`${baseUrl}/review`);
    if (adaResult.answered > adaResult.correct) {
      await ada.getByRole('heading', { level: 2 }).first().waitFor();
    }
  });
});
