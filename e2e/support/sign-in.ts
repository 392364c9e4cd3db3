import type { Page } from 'playwright-core';
import { readOutbox } from '@questa/mail';

export const DEMO_PASSWORD = 'practice-makes-perfect';

/**
 * Fills and sends the provider's sign-in form, which is on screen. The provider allows ten
 * attempts a minute from one address and the whole suite signs in from one; when it answers
 * "Too many attempts", this waits as long as its Retry-After asks, as a person would, and sends
 * the form again.
 */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && /\/interaction\/[^/]+\/login$/.test(r.url()),
      ),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    if (response.status() !== 429 || attempt === 3) return;
    const seconds = Number(response.headers()['retry-after'] ?? 60);
    await page.waitForTimeout(seconds * 1000);
    await page.getByRole('link', { name: 'Try again' }).click();
  }
}

/** Signs in through Questa's header link and the identity provider's hosted page. */
export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(baseUrl);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await submitSignIn(page, email, password);
  await page.waitForURL(`${baseUrl}/`);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
}

/** The newest mail to `to` in the outbox once it has arrived, polled: mail follows the request. */
export async function mailTo(outbox: string, to: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await readOutbox(outbox)).filter((message) => message.to === to).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived in 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Fills the identity provider's sign-up form, which is on screen, confirms the address from the
 * mail and signs in: as a person makes an account, wherever the form was reached from.
 */
export async function createAccount(
  page: Page,
  outbox: string,
  account: { name: string; email: string; password: string },
) {
  await page.getByLabel('Display name').fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page
    .getByText(/check your email/i)
    .first()
    .waitFor();
  const mail = await mailTo(outbox, account.email);
  await page.goto(mail.text.match(/https?:\/\/\S+\/idp\/verify\?token=\S+/)![0]);
  await page.getByRole('link', { name: 'Continue to sign in' }).click();
  await submitSignIn(page, account.email, account.password);
}

/** Signs up from Questa's own "Sign up" link, and waits until signed in. */
export async function signUp(
  page: Page,
  baseUrl: string,
  outbox: string,
  account: { name: string; email: string; password: string },
) {
  await page.goto(baseUrl);
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await createAccount(page, outbox, account);
  await page.getByText(account.name).first().waitFor();
}
