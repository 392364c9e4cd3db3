import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  accessibilityViolations,
  browserAvailable,
  launchBrowser,
  seriousAccessibilityViolations,
} from './support/browser';
import { signIn } from './support/sign-in';

const questionTypes = [
  'Single choice',
  'Multiple response',
  'True or false',
  'Short answer',
  'Numeric',
  'Ordering',
  'Matching',
  'Fill in the blanks',
];

/** Optional fields, left as the new-question editor starts them. */
const optionalFields = new Set(['Tags', 'Attribution', 'Unit', 'Licence']);

/**
 * Fills in everything a new question starts without: the stem (with the blank, for a cloze), the
 * topic, a correct option and value, and every empty answer, option, item and pair.
 */
async function writeNewQuestion(page: Page, stemText: string) {
  await page.getByLabel('Question text', { exact: true }).fill(stemText);
  const insertBlank = page.getByRole('button', { name: 'Insert {{b1}} into the question' });
  if ((await insertBlank.count()) > 0) await insertBlank.click();
  await page.getByLabel('Topic', { exact: true }).fill('Studio');
  const value = page.getByLabel('Correct value', { exact: true });
  if ((await value.count()) > 0) await value.fill('42');
  const correct = page.getByLabel('Option 1 is correct', { exact: true });
  if ((await correct.count()) > 0) await correct.check();
  const texts = page.locator('.editor-form input.input:not([inputmode]):not([type="checkbox"])');
  let n = 0;
  for (const input of await texts.all()) {
    const label = await input.evaluate((element) =>
      (element as HTMLInputElement).labels?.[0]?.textContent?.trim(),
    );
    if (label && optionalFields.has(label)) continue;
    if ((await input.inputValue()) === '') await input.fill(`Answer ${(n += 1)}`);
  }
}

const giftFile = `$CATEGORY: Rivers

::danube::Which sea does the Danube flow into? {=Black Sea ~North Sea ~Baltic Sea}

::nile::The Nile is in Africa. {T}

::amazon::How many countries does the Amazon flow through? {#3:0}
`;

const fiveRivers = [
  '::r1::Which sea does the Danube flow into? {=Black Sea ~North Sea}',
  '::r2::The Nile is in Africa. {T}',
  '::r3::The Rhine flows into the Black Sea. {F}',
  '::r4::How many countries does the Amazon flow through? {#3:0}',
  '::r5::Which river flows through Paris? {=Seine ~Loire ~Rhône}',
].join('\n\n');

describe.skipIf(!browserAvailable)('authoring studio', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    // The demo author becomes an owner of the demo tenant, so they may also publish.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, baseUrl, 'admin@questa.test');
    await admin.goto(`${baseUrl}/admin?tab=tenants`);
    const role = admin.getByLabel('Role of author@questa.test', { exact: true });
    await role.waitFor();
    // Another end-to-end file may have made the author an owner already (over HTTP).
    if ((await role.inputValue()) !== 'owner') {
      await role.selectOption({ label: 'Owner' });
      // A role change asks first, naming the role it goes from and to.
      const confirm = admin.getByRole('dialog', {
        name: /^Change the role of author@questa\.test/,
      });
      await confirm.getByText('from Author to Owner', { exact: false }).waitFor();
      const [changed] = await Promise.all([
        admin.waitForResponse(
          (r) => r.request().method() === 'PUT' && r.url().includes('/members/'),
        ),
        confirm.getByRole('button', { name: 'Change role' }).click(),
      ]);
      if (changed.status() !== 204)
        throw new Error(`Making the author an owner failed: ${changed.status()}`);
    }
    await adminContext.close();

    context = await browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, baseUrl, 'author@questa.test');
  });
  afterAll(() => browser?.close());

  async function createBank(title: string) {
    await page.goto(`${baseUrl}/author`);
    const tenant = page.getByRole('region', { name: 'Questa Demo' });
    await tenant.getByRole('button', { name: 'New bank' }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Create bank' }).click();
    await page.waitForURL(/\/author\/banks\/[0-9a-f-]{36}/);
    return page.url();
  }

  async function importInto(
    bank: string,
    file: { name: string; mimeType: string; buffer: Buffer },
  ) {
    await page.goto(bank);
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByLabel('File', { exact: true }).setInputFiles(file);
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByRole('region', { name: 'Check results' }).waitFor();
    await page.getByRole('button', { name: 'Import all' }).click();
    const done = page.getByText(/^Imported \d+ questions?\.$/);
    await done.waitFor();
    return Number((await done.textContent())?.match(/\d+/)?.[0]);
  }

  /**
   * Ticks every question on the page, takes one bulk action, confirms it and waits for the
   * outcome. Returns what the confirmation said.
   */
  async function actOnAll(
    action: string,
    question: string,
    outcome: string,
    { checkDialog = false } = {},
  ) {
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByText('5 selected', { exact: true }).waitFor();
    await page.getByRole('button', { name: action, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: question });
    await dialog.waitFor();
    if (checkDialog) expect(await accessibilityViolations(page)).toEqual([]);
    const said = (await dialog.textContent()) ?? '';
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await page.getByRole('status').filter({ hasText: outcome }).waitFor();
    return said;
  }

  async function questionStems(bank: string) {
    const url = new URL(bank);
    const tenant = url.searchParams.get('tenant');
    const bankId = url.pathname.split('/').at(-1);
    const response = await page.request.get(
      `${baseUrl}/qdb/api/v1/clients/${tenant}/questions?bankId=${bankId}&limit=100`,
    );
    expect(response.status()).toBe(200);
    const { questions } = (await response.json()) as {
      questions: { excerpt: string; type: string }[];
    };
    return questions.map((q) => `${q.type}: ${q.excerpt}`).sort();
  }

  it('writes, previews and publishes one question of each type, then edits one into a second version', async () => {
    const bank = await createBank(`Studio bank ${Date.now()}`);
    for (const [index, type] of questionTypes.entries()) {
      await page.goto(bank);
      await page.getByRole('button', { name: 'New question' }).click();
      await page.getByRole('menuitem', { name: type, exact: true }).click();
      await writeNewQuestion(page, `Question number ${index + 1}, with $x^2$: `);
      // Nothing exists until the question is written; then the draft is created and opened.
      await page.waitForURL(/\/author\/questions\/[0-9a-f-]{36}/);
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved$/ })
        .waitFor();
      const preview = page.getByRole('region', { name: 'Preview' });
      await expect.poll(() => preview.locator('.katex').count()).toBeGreaterThan(0);
      if (index === 0) expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'Retire' }).waitFor();
    }
    expect((await questionStems(bank)).length).toBe(questionTypes.length);

    // Editing the published single-choice question makes version 2, and History shows the change.
    await page.goto(bank);
    await page
      .getByRole('list', { name: 'Questions' })
      .getByRole('link')
      .filter({ hasText: 'number 1,' })
      .click();
    const stem = page.getByLabel('Question text', { exact: true });
    await stem.fill(`${await stem.inputValue()} Now revised.`);
    await page.getByRole('button', { name: 'Save as new draft' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByLabel('From', { exact: true }).selectOption('1');
    await page.getByLabel('To', { exact: true }).selectOption('2');
    const changes = page.getByLabel('Changes from version 1 to 2', { exact: true });
    await changes.waitFor();
    expect(await changes.textContent()).toContain('revised');
  });

  it('imports a GIFT file, exports the bank as QTI and imports the package into a new bank with the same content', async () => {
    const bank = await createBank(`Rivers ${Date.now()}`);
    expect(
      await importInto(bank, {
        name: 'rivers.gift',
        mimeType: 'text/plain',
        buffer: Buffer.from(giftFile),
      }),
    ).toBe(3);

    await page.goto(bank);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByLabel('Export format').selectOption({ label: 'QTI 3.0 (.zip)' });
    await page.getByLabel('Questions to export').selectOption({ label: 'All, drafts included' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');

    const copy = await createBank(`Rivers copy ${Date.now()}`);
    expect(
      await importInto(copy, { name: 'rivers.zip', mimeType: 'application/zip', buffer: zip }),
    ).toBe(3);
    expect(await questionStems(copy)).toEqual(await questionStems(bank));
  });

  it('imports five questions, publishes them, renames the bank and exports a non-empty GIFT file', async () => {
    const bank = await createBank(`Five rivers ${Date.now()}`);
    expect(
      await importInto(bank, {
        name: 'rivers.gift',
        mimeType: 'text/plain',
        buffer: Buffer.from(fiveRivers),
      }),
    ).toBe(5);

    // Only drafts so far: the default export says it would be empty instead of saving a file.
    await page.goto(bank);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('button', { name: 'Download' }).click();
    await page.getByText('Nothing was downloaded').waitFor();

    // The author may submit and publish, so one bulk action takes the five drafts through review
    // and publishes them.
    await page.goto(bank);
    const list = page.getByRole('list', { name: 'Questions' });
    await expect.poll(() => list.getByRole('link').count()).toBe(5);
    await list.getByRole('link', { name: 'Which river flows through Paris?' }).waitFor();
    const publishing = await actOnAll('Publish', 'Publish 5 questions?', '5 published', {
      checkDialog: true,
    });
    expect(publishing).toContain('Drafts go through review and are published in the same step');
    await expect.poll(() => list.getByText('Published', { exact: true }).count()).toBe(5);

    await page.getByRole('button', { name: 'Edit bank' }).click();
    const title = page.getByLabel('Title', { exact: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await title.fill('Rivers of the world');
    await page.getByRole('button', { name: 'Save bank' }).click();
    await page.getByRole('status').filter({ hasText: 'Bank saved.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Rivers of the world' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByLabel('Export format').selectOption('gift');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.gift$/);
    const gift = await readFile((await download.path())!, 'utf8');
    expect(gift).toContain('Which river flows through Paris?');
    expect(gift).toContain('The Nile is in Africa.');

    // On a phone the list and its checkboxes fit the width and work by keyboard.
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 360, height: 740 });
    await narrow.goto(bank);
    const selectPage = narrow.getByRole('checkbox', { name: 'Select all on this page' });
    await selectPage.focus();
    await narrow.keyboard.press('Space');
    await narrow.getByText('5 selected', { exact: true }).waitFor();
    const first = narrow.getByRole('checkbox', { name: /^Select: / }).first();
    await first.focus();
    await narrow.keyboard.press('Space');
    await narrow.getByText('4 selected', { exact: true }).waitFor();
    expect(
      await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(narrow)).toEqual([]);
    await narrow.close();
  });

  it('fits the bank page and its edit form in 360 pixels and works by keyboard', async () => {
    const bank = await createBank(`Narrow ${Date.now()}`);
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 360, height: 740 });
    await narrow.goto(bank);
    const edit = narrow.getByRole('button', { name: 'Edit bank' });
    await edit.focus();
    await narrow.keyboard.press('Enter');
    const title = narrow.getByLabel('Title', { exact: true });
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    const overflow = () =>
      narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await narrow.getByRole('button', { name: 'Cancel' }).click();
    await narrow.getByRole('button', { name: 'Delete bank' }).click();
    const dialog = narrow.getByRole('dialog', { name: /^Delete “Narrow/ });
    await dialog.waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(narrow)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete bank' }).click();
    await narrow.waitForURL(/\/author(\?|$)/);
    await narrow.close();
  });
});
