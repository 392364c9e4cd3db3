import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aMembership, anAdminSession, aSession, signedOut } from '../../testing/session-fixtures';
import { aCatalogList } from '../../testing/catalog-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const catalog = { 'GET /api/catalog/banks': () => jsonResponse(aCatalogList([])) };
// Page headers count as banners to the testing library too; the site header comes first.
const header = () => within(screen.getAllByRole('banner')[0] as HTMLElement);

describe('site header', () => {
  it('offers sign in and sign up to a signed-out reader, returning to the current page', async () => {
    const fetchMock = stubApi({
      ...catalog,
      'GET /api/session': () => jsonResponse(signedOut),
    });
    renderApp('/', { session: 'fetch' });

    const signIn = await header().findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/api/auth/login?returnTo=%2F');
    expect(header().getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/api/auth/login?signup=1&returnTo=%2F',
    );
    expect(header().queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(header().queryByRole('link', { name: 'Account' })).toBeNull();
    expect(calls(fetchMock)).toContain('GET /api/session');
  });

  it('shows the signed-in user by name, with Account and Sign out', async () => {
    stubApi(catalog);
    renderApp('/', { session: aSession() });

    expect(await header().findByText('Ada Lovelace')).toBeTruthy();
    expect(header().getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(header().getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(header().queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(header().queryByRole('link', { name: 'Author' })).toBeNull();
    expect(header().queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it.each([
    ['owner', true],
    ['author', true],
    ['reviewer', true],
    ['viewer', false],
  ] as const)('shows Author to a tenant %s: %s', async (role, shown) => {
    stubApi(catalog);
    renderApp('/', { session: aSession({}, [aMembership({ role })]) });

    await header().findByText('Ada Lovelace');
    expect(header().queryByRole('link', { name: 'Author' }) !== null).toBe(shown);
    expect(header().queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows Admin to a global admin', async () => {
    stubApi(catalog);
    renderApp('/', { session: anAdminSession() });

    const admin = await header().findByRole('link', { name: 'Admin' });
    expect(admin.getAttribute('href')).toBe('/admin');
    expect(header().queryByRole('link', { name: 'Author' })).toBeNull();
  });

  it('signs out with the Questa request header and follows the redirect', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const fetchMock = stubApi({
      ...catalog,
      'POST /api/auth/logout': () => jsonResponse({ redirectTo: 'https://idp.example/logout' }),
    });
    renderApp('/', { session: aSession() });

    fireEvent.click(await header().findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/logout'));
    const [, init] =
      fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout?locale=en') ?? [];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('X-Questa-Request')).toBe('1');
  });

  it('says so when signing out fails, and stays on the page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubApi({
      ...catalog,
      'POST /api/auth/logout': () => problemResponse({ status: 503, code: 'unavailable' }),
    });
    renderApp('/', { session: aSession() });

    fireEvent.click(await header().findByRole('button', { name: 'Sign out' }));

    const alert = await header().findByRole('alert');
    expect(alert.textContent).toContain("You couldn't be signed out.");
    expect(alert.textContent).toContain("Questa can't be reached right now.");
    expect(assign).not.toHaveBeenCalled();
  });

  it('folds navigation into a menu that the toggle and Escape open and close', async () => {
    stubApi(catalog);
    renderApp('/', { session: aSession() });

    const toggle = await header().findByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu?.contains(header().getByRole('navigation', { name: 'Main' }))).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu?.hasAttribute('data-open')).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
  it('keeps the secondary links behind More, which the keyboard opens and Escape closes', async () => {
    stubApi(catalog);
    renderApp('/', { session: aSession() });

    const nav = within(await header().findByRole('navigation', { name: 'Main' }));
    const more = nav.getByRole('button', { name: 'More' });
    const list = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    for (const name of ['Play live', 'Bookmarks', 'Workspaces', 'Premium', 'Account']) {
      expect(within(list).getByRole('link', { name }), name).toBeTruthy();
    }
    for (const name of ['Catalog', 'To do', 'Review', 'Progress']) {
      expect(list.contains(nav.getByRole('link', { name })), name).toBe(false);
    }
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(list.hasAttribute('data-open')).toBe(false);

    more.focus();
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(list.hasAttribute('data-open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);

    // A click elsewhere closes it too.
    fireEvent.click(more);
    fireEvent.pointerDown(document.body);
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });
});
