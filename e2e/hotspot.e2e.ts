import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { readTestSettings } from '@questa/config';
import { signInOverHttp } from '@questa/gateway/testing';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations } from './support/browser';
import { setDemoTenantRole } from './support/tenant-roles';
import { callAs } from './support/learning';
import { DEMO_PASSWORD, signIn, signUp } from './support/sign-in';

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
const screenshots = readTestSettings().screenshotDir;
const phone = { width: 360, height: 740 };

/** A red square on the left and a blue circle on the right, 400 × 300 pixels. */
const picture = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><title>A red square and a blue circle</title><rect width="400" height="300" fill="#ffffff"/><rect x="40" y="90" width="120" height="120" fill="#c0392b"/><circle cx="280" cy="150" r="48" fill="#2453a6"/></svg>`;

const square = { id: 'square', shape: 'rect', x: 0.1, y: 0.3, width: 0.3, height: 0.4 } as const;
const circle = { id: 'circle', shape: 'circle', x: 0.7, y: 0.5, radius: 0.12 } as const;

/** Where a fraction of an element's width and height lies, for a click there. */
async function spot(frame: Locator, x: number, y: number) {
  const box = await frame.boundingBox();
  if (!box) throw new Error('the image is not on screen');
  return { x: box.width * x, y: box.height * y };
}

/**
 * Hotspot questions in Chromium: the demo admin, made an owner of the demo tenant for the setup,
 * publishes a bank with two of them over HTTP; a new learner practises it, clicks the right
 * region of one and is marked right, places a marker with the keyboard on the other and is marked
 * wrong; an author draws a region in the editor by dragging.
 */
describe.skipIf(!browserAvailable)('hotspot questions', () => {
  const baseUrl = inject('baseUrl');
  const outbox = path.join(inject('dataDir'), 'outbox');
  let browser: Browser;
  let page: Page;
  let admin = '';
  let owner = '';
  let clientId = '';
  let adminSub = '';
  let bankId = '';

  const qdb = (rest: string) => `/qdb/api/v1/clients/${clientId}${rest}`;

  beforeAll(async () => {
    // With the demo author an owner too, the admin can leave again afterwards: a tenant never
    // loses its last owner.
    await setDemoTenantRole(baseUrl, 'author@questa.test', 'owner');
    admin = await signInOverHttp(baseUrl, 'admin@questa.test', DEMO_PASSWORD);
    const { tenants } = (await (
      await callAs(baseUrl, admin, 'GET', '/api/admin/tenants')
    ).json()) as {
      tenants: { id: string; slug: string }[];
    };
    clientId = tenants.find((tenant) => tenant.slug === 'questa-demo')?.id ?? '';
    const session = (await (await callAs(baseUrl, admin, 'GET', '/api/session')).json()) as {
      user: { sub: string };
    };
    adminSub = session.user.sub;
    const granted = await callAs(
      baseUrl,
      admin,
      'PUT',
      `/api/admin/tenants/${clientId}/members/${encodeURIComponent(adminSub)}`,
      { role: 'owner' },
    );
    expect(granted.status).toBe(204);
    // A fresh sign-in carries the new membership.
    owner = await signInOverHttp(baseUrl, 'admin@questa.test', DEMO_PASSWORD);

    const uploaded = await fetch(`${baseUrl}${qdb('/media')}`, {
      method: 'POST',
      headers: {
        cookie: owner,
        origin: baseUrl,
        'x-questa-request': '1',
        'content-type': 'image/svg+xml',
      },
      body: picture,
    });
    expect(uploaded.status).toBe(201);
    const { sha256 } = (await uploaded.json()) as { sha256: string };
    const bank = await callAs(baseUrl, owner, 'POST', qdb('/banks'), {
      slug: `hotspot-shapes-${Date.now()}`,
      title: 'Shapes to click',
      description: 'Find the shape on the picture.',
      language: 'en',
      visibility: 'public',
    });
    expect(bank.status).toBe(201);
    bankId = ((await bank.json()) as { id: string }).id;
    for (const [stem, right] of [
      ['Click the red square.', 'square'],
      ['Click the blue circle.', 'circle'],
    ] as const) {
      const created = await callAs(baseUrl, owner, 'POST', qdb(`/banks/${bankId}/questions`), {
        content: {
          type: 'hotspot',
          stem,
          topic: 'Shapes',
          difficulty: 1,
          explanation: 'Colours and shapes.',
          media: [sha256],
          image: {
            sha256,
            alt: 'A red square on the left and a blue circle on the right',
            width: 400,
            height: 300,
          },
          regions: [
            { ...square, correct: right === 'square', label: 'The red square' },
            { ...circle, correct: right === 'circle', label: 'The blue circle' },
          ],
          markers: 1,
        },
      });
      expect(created.status).toBe(201);
      let question = (await created.json()) as { id: string; revision: number };
      for (const action of ['submit', 'publish']) {
        const moved = await callAs(
          baseUrl,
          owner,
          'POST',
          qdb(`/questions/${question.id}/transitions`),
          {
            action,
            expectedRevision: question.revision,
          },
        );
        expect(moved.status).toBe(200);
        question = (await moved.json()) as typeof question;
      }
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    // The admin leaves the tenant as it found it, for the other tests.
    if (adminSub && clientId) {
      const left = await callAs(
        baseUrl,
        admin,
        'DELETE',
        `/api/admin/tenants/${clientId}/members/${encodeURIComponent(adminSub)}`,
      );
      expect(left.status).toBe(204);
    }
    await browser?.close();
  });

  it('marks a click on the right region right, and a keyboard marker beside it wrong', async () => {
    const context = await browser.newContext();
    page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signUp(page, baseUrl, outbox, {
      name: 'Hana Hotspot',
      email: `hotspot-${Date.now()}@questa.test`,
      password: 'a long enough passphrase',
    });
    await page.goto(`${baseUrl}/banks/${bankId}`);
    await page.getByRole('button', { name: 'Start practising' }).click();
    await page.waitForURL(/\/practice\/[0-9a-f-]{36}$/);

    for (const position of [1, 2]) {
      const question = page.getByRole('region', { name: `Question ${position}`, exact: true });
      const area = question.getByRole('application', { name: /A red square on the left/ });
      await area.waitFor();
      const stem = (await question.textContent()) ?? '';
      const target = stem.includes('red square') ? { x: 0.25, y: 0.5 } : { x: 0.7, y: 0.5 };
      if (position === 1) {
        await area.click({ position: await spot(area, target.x, target.y) });
        await question.getByText('1 of 1 placed').waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        if (screenshots) {
          await page.screenshot({ path: `${screenshots}/hotspot-answer-1280.png`, fullPage: true });
        }
      } else {
        // The crosshair starts in the middle, between the two shapes; Enter places a marker there.
        await area.focus();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await question.getByText('1 of 1 placed').waitFor();
      }
      await page.getByRole('button', { name: 'Submit answer' }).click();
      const verdict = position === 1 ? 'Correct' : 'Wrong';
      const feedback = page.getByRole('region', { name: verdict, exact: true });
      await feedback.waitFor();
      if (position === 1) {
        await question.getByText(/^Marker 1 is on a right spot/).waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await page.setViewportSize(phone);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        if (screenshots) {
          await page.screenshot({ path: `${screenshots}/hotspot-graded-360.png`, fullPage: true });
        }
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.getByRole('button', { name: 'Next question' }).click();
      } else {
        await question.getByText('Marker 1 is not on a right spot').waitFor();
        await question.getByText(/right spot has no marker/).waitFor();
      }
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lets an author draw a rectangle on the image by dragging', async () => {
    const context = await browser.newContext();
    page = await context.newPage();
    await signIn(page, baseUrl, 'author@questa.test');
    const list = (await (
      await callAs(baseUrl, owner, 'GET', qdb(`/questions?bankId=${bankId}`))
    ).json()) as { questions: { id: string }[] };
    await page.goto(
      `${baseUrl}/author/questions/${list.questions[0]?.id ?? ''}?tenant=${clientId}`,
    );
    const canvas = page.locator('.hotspot-canvas .hotspot-picture');
    await canvas.waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.05);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2, { steps: 4 });
    await page.mouse.up();
    const region = page.getByRole('group', { name: 'Region 3: Rectangle' });
    await region.waitFor();
    const left = Number(await region.getByLabel('Left (%)').inputValue());
    const width = Number(await region.getByLabel('Width (%)').inputValue());
    expect(left).toBeCloseTo(5, 0);
    expect(width).toBeCloseTo(15, 0);
    // Marked right, it shows as right in the preview's answer.
    await region.getByLabel('Region 3 is right').check();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('button', { name: 'Show answer' }).click();
    await expect.poll(() => preview.locator('.hotspot-region--correct').count()).toBe(2);
    // A click on a drawn region picks its fields.
    await canvas.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } });
    await page.locator('.hotspot-editor__region[data-selected]', { hasText: 'Region 1' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    if (screenshots) {
      await page.screenshot({ path: `${screenshots}/hotspot-editor-1280.png`, fullPage: true });
      await page.setViewportSize(phone);
      await page.screenshot({ path: `${screenshots}/hotspot-editor-360.png`, fullPage: true });
    }
    await region.getByRole('button', { name: 'Remove region 3' }).click();
    await expect.poll(() => page.locator('.hotspot-editor__region').count()).toBe(2);
    await context.close();
  });
});
