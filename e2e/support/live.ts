import type { Page } from 'playwright-core';
import { answerAnything } from './learning';

/** A player answers whatever their phone shows: the first shape, or the form's fields and Send. */
export async function answerOnPhone(page: Page) {
  const shapes = page.locator('.live-choice');
  const form = page.locator('form.live-player__answer');
  await shapes.or(form).first().waitFor();
  if (await shapes.count()) {
    await shapes.first().click();
  } else {
    await answerAnything(form);
    await form.getByRole('button', { name: 'Send answer' }).click();
  }
  // The last answer closes the question at once: then the result shows instead.
  await page
    .getByText('Answer sent. Waiting for the others…')
    .or(page.locator('.live-result'))
    .waitFor();
}
