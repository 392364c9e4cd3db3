import { readTestSettings } from '@questa/config';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { signIn } from './support/sign-in';

const screenshots = readTestSettings().screenshotDir;

/** Half a second of silence: 8 kHz, mono, 16-bit PCM, as small as a playable WAV gets. */
function silentWav(): Buffer {
  const samples = 4000;
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write('WAVE', 8, 'latin1');
  bytes.write('fmt ', 12, 'latin1');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(8000, 24);
  bytes.writeUInt32LE(16000, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'latin1');
  bytes.writeUInt32LE(samples * 2, 40);
  return bytes;
}

/** Whether the media element has read the clip's length, i.e. the browser could fetch and play it. */
const playable = (page: Page, selector: string) =>
  page.waitForFunction(
    (css) => {
      const media = document.querySelector<HTMLMediaElement>(css);
      return media !== null && media.readyState >= 1 && Number.isFinite(media.duration);
    },
    selector,
    { timeout: 15_000 },
  );

describe.skipIf(!browserAvailable)('audio in questions', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await signIn(page, baseUrl, 'author@questa.test');
  });
  afterAll(() => browser?.close());

  it('uploads a recording in the editor, describes it, and the preview plays it', async () => {
    await page.goto(`${baseUrl}/author`);
    const tenant = page.getByRole('region', { name: 'Questa Demo' });
    await tenant.getByRole('button', { name: 'New bank' }).click();
    await page.getByLabel('Title', { exact: true }).fill(`Listening ${Date.now()}`);
    await page.getByRole('button', { name: 'Create bank' }).click();
    await page.waitForURL(/\/author\/banks\/[0-9a-f-]{36}/);
    await page.getByRole('button', { name: 'New question' }).click();
    await page.getByRole('menuitem', { name: 'True or false', exact: true }).click();
    await page.getByLabel('Question text', { exact: true }).fill('Is the speaker silent?');
    await page.getByLabel('Topic', { exact: true }).fill('Listening');
    // The draft is created once the question is written; the upload goes into that draft.
    await page.waitForURL(/\/author\/questions\/[0-9a-f-]{36}/);
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();

    const stem = page.getByLabel('Question text', { exact: true });
    await stem.evaluate((area) => (area as HTMLTextAreaElement).setSelectionRange(0, 0));
    await page
      .locator('input[type="file"][aria-label="Upload image, audio or video"]')
      .first()
      .setInputFiles({ name: 'silence.wav', mimeType: 'audio/wav', buffer: silentWav() });
    const dialog = page.getByRole('dialog', { name: 'Describe the audio' });
    await dialog.waitFor();
    expect(await dialog.getByText(/^Decorative/).count()).toBe(0);
    await dialog.getByLabel('Description', { exact: true }).fill('Half a second of silence');
    await dialog.getByRole('button', { name: 'Insert audio' }).click();

    await expect
      .poll(() => stem.inputValue())
      .toMatch(
        /^!\[Half a second of silence\]\(media:[0-9a-f]{64}#audio\) ?Is the speaker silent\?$/,
      );
    // The draft with the sound is saved: the question database takes the typed reference.
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.locator('audio[controls][aria-label="Half a second of silence"]').waitFor();
    await preview.getByText('Half a second of silence', { exact: true }).waitFor();
    await playable(page, '.question-preview audio');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    if (screenshots) {
      await page.screenshot({ path: `${screenshots}/media-editor-audio-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}/media-editor-audio-360.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // Browsers seek by asking for byte ranges; the clip opened on its own plays as well.
    const src = await preview.locator('audio').first().getAttribute('src');
    const part = await page.request.get(`${baseUrl}${src}`, { headers: { range: 'bytes=0-43' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(`bytes 0-43/${silentWav().length}`);
    const alone = await browser.newPage();
    await alone.goto(`${baseUrl}${src}`);
    await playable(alone, 'video, audio');
    await alone.close();
  });
});
