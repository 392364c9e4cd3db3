import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  questaHttp,
  signInOverHttp,
  startQuesta,
  type QuestaCall,
  type RunningServer,
} from './testing';

const LEARNER = 'learner@questa.test';
const ADMIN = 'admin@questa.test';
const PASSWORD = 'practice-makes-perfect';

/** What a signed-in learner reads with nothing but a session: each must turn 401 once it ends. */
const SESSION_ONLY_READS = ['/api/account/export', '/api/exams', '/api/progress'];

/**
 * Ending sessions as people meet it, on a real Questa process (embedded database and identity
 * provider, as `npm start` runs them): a learner signed in on two browsers, and something that
 * must end both — the password changed at the provider, "sign out everywhere", a role taken away,
 * the account's deletion asked for. The other browser's very next request is signed out; nothing
 * waits.
 */
describe('ending every session of a person', { timeout: 240_000 }, () => {
  let server: RunningServer;
  let call: QuestaCall;
  let password = PASSWORD;

  beforeAll(async () => {
    server = await startQuesta({ env: { LOG_LEVEL: 'warn' } });
    call = questaHttp(server.url);
  }, 240_000);
  afterAll(() => server?.stop());

  const signedInUser = async (cookie: string) =>
    (await call<{ user: { id: string } | null }>(cookie, 'GET', '/api/session')).body.user;

  async function expectSignedIn(cookie: string) {
    expect(await signedInUser(cookie)).not.toBeNull();
    for (const path of SESSION_ONLY_READS) {
      expect((await call(cookie, 'GET', path)).status, path).toBe(200);
    }
  }

  async function expectSignedOut(cookie: string) {
    expect(await signedInUser(cookie)).toBeNull();
    for (const path of SESSION_ONLY_READS) {
      const response = await call(cookie, 'GET', path);
      expect(response.status, path).toBe(401);
      expect(response.body.code).toBe('auth.required');
    }
  }

  const twoBrowsers = async (email = LEARNER) => [
    await signInOverHttp(server.url, email, password),
    await signInOverHttp(server.url, email, password),
  ];

  /** Changes the password on the provider's own page, as the person would in one browser. */
  async function changePassword(email: string, from: string, to: string) {
    const page = await fetch(`${server.url}/idp/password?login_hint=${encodeURIComponent(email)}`);
    const csrfCookie = page.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const html = await page.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    expect(csrf, 'the password page carries its form token').toBeTruthy();
    const changed = await fetch(`${server.url}/idp/password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: csrfCookie.join('; '),
        origin: server.url,
      },
      body: new URLSearchParams({
        csrf: csrf!,
        email,
        currentPassword: from,
        password: to,
      }).toString(),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.text()).toContain('signed out everywhere');
  }

  it('lists only live sessions on /account', async () => {
    const [first, second] = await twoBrowsers();
    const listed = async () =>
      (await call<{ sessions: { current: boolean }[] }>(first!, 'GET', '/api/account/sessions'))
        .body.sessions;
    expect(await listed()).toHaveLength(2);
    expect((await call(second, 'POST', '/api/auth/logout')).status).toBe(200);
    const live = await listed();
    expect(live).toHaveLength(1);
    expect(live[0]!.current).toBe(true);
    expect((await call(first, 'POST', '/api/auth/logout')).status).toBe(200);
  });

  it('signs the other browser out at its next request when the password changes', async () => {
    const [here, there] = await twoBrowsers();
    await expectSignedIn(there!);
    await changePassword(LEARNER, password, 'a-new-password-for-questa');
    password = 'a-new-password-for-questa';
    await expectSignedOut(there!);
    await expectSignedOut(here!);
    // The new password signs in again; the sessions it opens count.
    await expectSignedIn(await signInOverHttp(server.url, LEARNER, password));
  });

  it('ends the other browser’s session when the person signs out everywhere', async () => {
    const [here, there] = await twoBrowsers();
    await expectSignedIn(there!);
    expect((await call(here, 'POST', '/api/account/sign-out-everywhere')).status).toBe(200);
    await expectSignedOut(there!);
    await expectSignedOut(here!);
  });

  it('ends every session of a person whose role an admin takes away', async () => {
    const admin = await signInOverHttp(server.url, ADMIN, PASSWORD);
    const [here, there] = await twoBrowsers();
    const { id } = (await signedInUser(here!))!;
    expect((await call(admin, 'PUT', `/api/admin/users/${id}/roles/admin`)).status).toBe(204);
    // Granting takes nothing away: both stay signed in.
    await expectSignedIn(here!);
    await expectSignedIn(there!);
    expect((await call(admin, 'DELETE', `/api/admin/users/${id}/roles/admin`)).status).toBe(204);
    await expectSignedOut(here!);
    await expectSignedOut(there!);
    await expectSignedIn(admin);
  });

  it('ends the other browser’s session when the person asks for the account’s deletion', async () => {
    const [here, there] = await twoBrowsers();
    await expectSignedIn(there!);
    const deleted = await call(here, 'POST', '/api/account/delete', { confirm: LEARNER });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expectSignedOut(there!);
  });
});
