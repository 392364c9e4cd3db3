import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Bookmark } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { aSession } from '../../../testing/session-fixtures';
import {
  calls,
  jsonResponse,
  noContent,
  problemResponse,
  stubApi,
} from '../../../testing/stub-fetch';

const aBookmark = (overrides: Partial<Bookmark> = {}): Bookmark => ({
  questionId: '7b1e2c3d-4f50-4a6b-9c7d-8e9f0a1b2c3d',
  bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
  bankTitle: 'Capitals',
  topic: 'Europe',
  excerpt: 'What is the capital of **France**?',
  createdAt: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

describe('bookmarks', () => {
  it('lists each bookmark with its bank, excerpt and date, and the ways to practise and review', async () => {
    stubApi({ 'GET /api/bookmarks': () => jsonResponse({ bookmarks: [aBookmark()] }) });
    renderApp('/bookmarks', { session: aSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookmarks' })).toBeTruthy();
    const item = (await screen.findAllByRole('listitem')).find((li) =>
      li.textContent?.includes('Capitals'),
    )!;
    expect(await within(item).findByText('France')).toBeTruthy();
    expect(
      within(item)
        .getByText(/Bookmarked/)
        .getAttribute('datetime'),
    ).toBe('2026-03-01T09:00:00.000Z');
    expect(within(item).getByRole('link', { name: 'Practise Capitals' }).getAttribute('href')).toBe(
      `/banks/${aBookmark().bankId}`,
    );
    expect(screen.getByRole('link', { name: 'Review your cards' }).getAttribute('href')).toBe(
      '/review',
    );
    expect(screen.getByRole('link', { name: 'Bookmarks' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('asks before removing one, and then shows the empty state', async () => {
    let bookmarks = [aBookmark()];
    const fetchMock = stubApi({
      'GET /api/bookmarks': () => jsonResponse({ bookmarks }),
      [`DELETE /api/bookmarks/${aBookmark().questionId}`]: () => {
        bookmarks = [];
        return noContent();
      },
    });
    renderApp('/bookmarks', { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: /^Remove the bookmark/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this bookmark?' });
    expect(calls(fetchMock)).not.toContain(`DELETE /api/bookmarks/${aBookmark().questionId}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('No bookmarks yet')).toBeTruthy();
    const notice = screen.getByText('Bookmark removed.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.getByRole('link', { name: 'Find a bank to practise' })).toBeTruthy();
  });

  it('keeps the bookmark when the learner thinks better of removing it', async () => {
    const fetchMock = stubApi({
      'GET /api/bookmarks': () => jsonResponse({ bookmarks: [aBookmark()] }),
    });
    renderApp('/bookmarks', { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: /^Remove the bookmark/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this bookmark?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /^Remove the bookmark/ })).toBeTruthy();
    expect(screen.queryByText('Bookmark removed.')).toBeNull();
    expect(calls(fetchMock).some((call) => call.startsWith('DELETE'))).toBe(false);
  });

  it('says so when the list cannot be loaded, with a retry', async () => {
    stubApi({ 'GET /api/bookmarks': () => problemResponse({ status: 503, code: 'unavailable' }) });
    renderApp('/bookmarks', { session: aSession() });
    expect(await screen.findByText('Your bookmarks could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
