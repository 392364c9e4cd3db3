import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aSession, signedOut } from '../../testing/session-fixtures';
import {
  calls,
  heldResponse,
  jsonResponse,
  problemResponse,
  stubApi,
} from '../../testing/stub-fetch';

describe('pages for signed-in readers', () => {
  it('show the loading state while the session loads, then send a signed-out reader to sign in', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const session = heldResponse();
    stubApi({ 'GET /api/session': session.reply });
    renderApp('/account', { session: 'fetch' });

    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the page…');
    expect(assign).not.toHaveBeenCalled();

    await session.release(jsonResponse(signedOut));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/login?returnTo=%2Faccount'));
    expect(screen.queryByRole('heading', { name: 'Your account' })).toBeNull();
  });

  it.each(['/author', '/admin?tab=audit'])('guard %s the same way', async (path) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderApp(path, { session: signedOut });

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`/api/auth/login?returnTo=${encodeURIComponent(path)}`),
    );
  });

  it('ask for the session once, shared by the header and the page', async () => {
    const fetchMock = stubApi({ 'GET /api/session': () => jsonResponse(aSession()) });
    renderApp('/author', { session: 'fetch' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Authoring' })).toBeTruthy();
    expect(calls(fetchMock).filter((call) => call === 'GET /api/session')).toHaveLength(1);
  });

  it('explain a session that cannot be checked, and try again', async () => {
    let up = false;
    const fetchMock = stubApi({
      'GET /api/session': () =>
        up ? jsonResponse(aSession()) : problemResponse({ status: 503, code: 'unavailable' }),
    });
    renderApp('/author', { session: 'fetch' });
    // The header asks first; the guard, mounting after that failure, asks once more.
    await waitFor(() => expect(calls(fetchMock)).toHaveLength(2));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't check whether you're signed in.");
    up = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Authoring' })).toBeTruthy();
  });

  it('show a not-allowed page, and no admin data, to a signed-in reader who is not an admin', async () => {
    const fetchMock = stubApi({});
    renderApp('/admin', { session: aSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByText(/Your account isn't allowed to do this\./)).toBeTruthy();
    expect(calls(fetchMock).filter((call) => call.includes('/api/admin'))).toEqual([]);
  });
});
