import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { anActiveSession, aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const sessions = () => jsonResponse({ sessions: [anActiveSession()] });

describe('account page: password, data and deletion', () => {
  it('links to the provider’s password page and to the data file, and says a password changed', async () => {
    stubApi({ 'GET /api/account/sessions': sessions });
    renderApp('/account?notice=password-changed', { session: aSession() });

    expect(
      await screen.findByText('Password changed. You are signed in with your new password.'),
    ).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe(
      '/api/account/password?locale=en',
    );
    const download = main.getByRole('link', { name: 'Download my data' });
    expect(download.getAttribute('href')).toBe('/api/account/export');
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('offers no password change when an external identity provider manages passwords', async () => {
    stubApi({ 'GET /api/account/sessions': sessions });
    renderApp('/account', { session: { ...aSession(), passwordPage: false } });

    const main = within(await screen.findByRole('main'));
    await main.findByRole('link', { name: 'Download my data' });
    expect(main.queryByRole('link', { name: 'Change password' })).toBeNull();
  });

  it('asks for the deletion only once the email is typed, then leaves for the page that names the date', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const redirectTo = '/account-deleted?due=2026-03-15T09%3A00%3A00.000Z';
    const fetchMock = stubApi({
      'GET /api/account/sessions': sessions,
      'POST /api/account/delete': () =>
        jsonResponse({ redirectTo, dueAt: '2026-03-15T09:00:00.000Z' }),
    });
    renderApp('/account', { session: aSession() });

    expect(await screen.findByText(/Signing in before then cancels the deletion/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Delete your account in 14 days?' }),
    );
    expect(dialog.getByText(/signing in keeps your account/)).toBeTruthy();
    expect(dialog.getByText(/accounting law requires us to keep them/)).toBeTruthy();
    const input = dialog.getByLabelText(/To confirm, type your email address/);
    fireEvent.change(input, { target: { value: 'someone@else.test' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('This is not the email address of your account.')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('POST /api/account/delete');

    fireEvent.change(input, { target: { value: 'ADA@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectTo));
    const request = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/account/delete'));
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({ confirm: 'ADA@example.com' });
  });

  it('says the deletion was cancelled when a sign-in brings the learner back', async () => {
    stubApi({ 'GET /api/account/sessions': sessions });
    renderApp('/account?notice=deletion-cancelled', { session: aSession() });
    expect(
      await screen.findByText(
        "Your account's deletion was cancelled. Your account and your learning data stay as they are.",
      ),
    ).toBeTruthy();
  });

  it('says a running subscription has to be cancelled first', async () => {
    stubApi({
      'GET /api/account/sessions': sessions,
      'POST /api/account/delete': () =>
        problemResponse({ status: 409, code: 'account.subscription_active' }),
    });
    renderApp('/account', { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/To confirm/), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(
      'Cancel it on the billing page first',
    );
  });

  it('tells a signed-out visitor when their account will be deleted, and how to keep it', async () => {
    stubApi({});
    renderApp('/account-deleted?due=2026-03-15T09%3A00%3A00.000Z');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account will be deleted' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/We delete your account and your learning data on Mar 15, 2026/),
    ).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in to keep my account' });
    expect(new URL(signIn.getAttribute('href')!, 'http://x').searchParams.get('returnTo')).toBe(
      '/account',
    );
  });

  it('still says what happens when the date is missing from the address', async () => {
    stubApi({});
    renderApp('/account-deleted');
    expect(await screen.findByText(/in 14 days, and have mailed you the date/)).toBeTruthy();
  });
});
