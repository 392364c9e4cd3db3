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

  it('deletes the account only once the email is typed, then leaves for the farewell page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const fetchMock = stubApi({
      'GET /api/account/sessions': sessions,
      'POST /api/account/delete': () => jsonResponse({ redirectTo: '/account-deleted' }),
    });
    renderApp('/account', { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Delete your account for good?' }),
    );
    expect(dialog.getByText(/accounting law requires us to keep them/)).toBeTruthy();
    const input = dialog.getByLabelText(/To confirm, type your email address/);
    fireEvent.change(input, { target: { value: 'someone@else.test' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('This is not the email address of your account.')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('POST /api/account/delete');

    fireEvent.change(input, { target: { value: 'ADA@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account-deleted'));
    const request = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/account/delete'));
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({ confirm: 'ADA@example.com' });
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

  it('tells a signed-out visitor their account is gone', async () => {
    stubApi({});
    renderApp('/account-deleted');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is deleted' }),
    ).toBeTruthy();
  });
});
