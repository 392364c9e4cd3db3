import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { anActiveSession, aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, noContent, problemResponse, stubApi } from '../../testing/stub-fetch';

const phone = anActiveSession({
  id: 'session-phone',
  current: false,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  ip: '198.51.100.23',
});

describe('account page', () => {
  it('shows the name, email and every session, marking this device', async () => {
    stubApi({
      'GET /api/account/sessions': () => jsonResponse({ sessions: [phone, anActiveSession()] }),
    });
    renderApp('/account', { session: aSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Ada Lovelace')).toBeTruthy();
    expect(main.getByText('ada@example.com')).toBeTruthy();

    const items = await main.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [current, other] = items.map((item) => within(item));
    expect(current?.getByText('Firefox on Linux')).toBeTruthy();
    expect(current?.getByText('This device')).toBeTruthy();
    expect(current?.queryByRole('button')).toBeNull();
    expect(other?.getByText('Safari on iOS')).toBeTruthy();
    expect(other?.getByText(/IP address 198\.51\.100\.23/)).toBeTruthy();
    expect(other?.queryByText('This device')).toBeNull();
    expect(other?.getByRole('button', { name: 'Sign out Safari on iOS' })).toBeTruthy();
  });

  it('signs out another session after confirming, then lists the sessions again', async () => {
    let sessions = [anActiveSession(), phone];
    const fetchMock = stubApi({
      'GET /api/account/sessions': () => jsonResponse({ sessions }),
      'DELETE /api/account/sessions/session-phone': () => {
        sessions = [anActiveSession()];
        return noContent();
      },
    });
    renderApp('/account', { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(calls(fetchMock)).not.toContain('DELETE /api/account/sessions/session-phone');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    const deletion = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(new Headers(deletion?.[1]?.headers).get('X-Questa-Request')).toBe('1');
    expect(calls(fetchMock).filter((call) => call === 'GET /api/account/sessions')).toHaveLength(2);
  });

  it('keeps the session when the confirmation is cancelled', async () => {
    const fetchMock = stubApi({
      'GET /api/account/sessions': () => jsonResponse({ sessions: [anActiveSession(), phone] }),
    });
    renderApp('/account', { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The header's notification bell asks too; of the account's calls, only the list was made.
    expect(calls(fetchMock).filter((call) => call.includes('/api/account/'))).toEqual([
      'GET /api/account/sessions',
    ]);
  });

  it('signs out everywhere after confirming and follows the redirect', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const fetchMock = stubApi({
      'GET /api/account/sessions': () => jsonResponse({ sessions: [anActiveSession()] }),
      'POST /api/account/sign-out-everywhere': () => jsonResponse({ redirectTo: '/' }),
    });
    renderApp('/account', { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls(fetchMock)).toContain('POST /api/account/sign-out-everywhere?locale=en');
  });

  it('explains why the sessions could not be loaded', async () => {
    stubApi({
      'GET /api/account/sessions': () =>
        problemResponse({ status: 429, code: 'rate_limited', requestId: 'req-3' }),
    });
    renderApp('/account', { session: aSession() });

    const alert = (await screen.findByText('Your sessions could not be loaded.')).closest(
      '[role="alert"]',
    )!;
    expect(alert.textContent).toContain('Your sessions could not be loaded.');
    expect(alert.textContent).toContain('Too many requests in a short time.');
  });
});
