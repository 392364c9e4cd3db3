import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const graded = {
  id: '0b7c9d2e-1f3a-4b5c-8d6e-7f8a9b0c1d2e',
  subject: {
    kind: 'essay_graded',
    attemptId: 'a77e0000-0000-4000-8000-000000000001',
    examTitle: 'River essays',
    bankTitle: 'Rivers',
    position: 1,
    points: 4,
    maxPoints: 5,
  },
  createdAt: '2026-03-01T10:00:00.000Z',
  readAt: null,
};

describe('notifications', () => {
  it('shows the unread count on the bell, and reading the list clears it', async () => {
    let unread = 1;
    const fetchMock = stubApi({
      'GET /api/notifications/unread': () => jsonResponse({ unread }),
      'GET /api/notifications': () =>
        jsonResponse({ notifications: [graded], unread, nextBefore: null }),
      'POST /api/notifications/read': () => {
        unread = 0;
        return jsonResponse({ unread });
      },
    });
    renderApp('/', { session: aSession() });

    const bell = await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);

    const item = (await screen.findByText('Your essay in “River essays” was graded')).closest(
      'li',
    )!;
    expect(within(item).getByText('New')).toBeTruthy();
    expect(item.textContent).toContain('4 of 5 points, in Rivers.');
    expect(within(item).getByRole('link').getAttribute('href')).toBe(
      `/exams/${graded.subject.attemptId}/review`,
    );
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(calls(fetchMock)).toContain('POST /api/notifications/read');
  });

  it('shows older notifications a page at a time, until there are none', async () => {
    const notice = (n: number) => ({
      ...graded,
      id: `0b7c9d2e-1f3a-4b5c-8d6e-${String(n).padStart(12, '0')}`,
      subject: { ...graded.subject, examTitle: `Essay ${n}` },
      readAt: '2026-03-02T10:00:00.000Z',
    });
    let olderFails = true;
    const fetchMock = stubApi({
      'GET /api/notifications/unread': () => jsonResponse({ unread: 0 }),
      'GET /api/notifications': (url) => {
        const before = url.searchParams.get('before');
        if (!before)
          return jsonResponse({ notifications: [notice(1)], unread: 0, nextBefore: notice(1).id });
        if (olderFails) {
          olderFails = false;
          return problemResponse({ status: 503, code: 'service.unavailable' });
        }
        return before === notice(1).id
          ? jsonResponse({ notifications: [notice(2)], unread: 0, nextBefore: notice(2).id })
          : jsonResponse({ notifications: [notice(3)], unread: 0, nextBefore: null });
      },
    });
    renderApp('/notifications', { session: aSession() });

    expect(await screen.findByText('Your essay in “Essay 1” was graded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByText('Older notifications could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Your essay in “Essay 2” was graded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByText('Your essay in “Essay 3” was graded')).toBeTruthy();
    expect(screen.getByText('2 older notifications shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toHaveLength(3);
    expect(calls(fetchMock).filter((call) => call.includes('before='))).toEqual([
      `GET /api/notifications?before=${notice(1).id}`,
      `GET /api/notifications?before=${notice(1).id}`,
      `GET /api/notifications?before=${notice(2).id}`,
    ]);
  });

  it('says so when there is nothing yet', async () => {
    stubApi({
      'GET /api/notifications/unread': () => jsonResponse({ unread: 0 }),
      'GET /api/notifications': () =>
        jsonResponse({ notifications: [], unread: 0, nextBefore: null }),
    });
    renderApp('/notifications', { session: aSession() });
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
  });

  it('tells of an assignment given and one due tomorrow, each leading to To do', async () => {
    const assignment = {
      assignmentId: '55555555-5555-4555-8555-555555555555',
      title: 'Rivers practice',
      className: 'Geography',
      dueAt: '2026-03-08T09:00:00.000Z',
    };
    stubApi({
      'GET /api/notifications/unread': () => jsonResponse({ unread: 2 }),
      'GET /api/notifications': () =>
        jsonResponse({
          notifications: [
            {
              ...graded,
              id: '1b7c9d2e-1f3a-4b5c-8d6e-7f8a9b0c1d2e',
              subject: { kind: 'assignment_due', ...assignment },
            },
            {
              ...graded,
              id: '2b7c9d2e-1f3a-4b5c-8d6e-7f8a9b0c1d2e',
              subject: { kind: 'assignment_given', ...assignment },
            },
          ],
          unread: 2,
          nextBefore: null,
        }),
      'POST /api/notifications/read': () => jsonResponse({ unread: 0 }),
    });
    renderApp('/notifications', { session: aSession() });
    const due = await screen.findByRole('link', { name: 'Due tomorrow: Rivers practice' });
    expect(due.getAttribute('href')).toBe('/todo');
    expect(due.closest('li')!.textContent).toContain('In Geography, due');
    const given = screen.getByRole('link', { name: 'New assignment: Rivers practice' });
    expect(given.getAttribute('href')).toBe('/todo');
  });

  it('lets a person choose mail for graded essays on the account page', async () => {
    const fetchMock = stubApi({
      'GET /api/notifications/unread': () => jsonResponse({ unread: 0 }),
      'GET /api/account/sessions': () => jsonResponse({ sessions: [] }),
      'GET /api/notifications/preferences': () => jsonResponse({ mail: { essay_graded: true } }),
      'PUT /api/notifications/preferences': () => jsonResponse({ mail: { essay_graded: false } }),
    });
    renderApp('/account', { session: aSession() });
    const box = (await screen.findByRole('checkbox', {
      name: 'When one of my essays is graded',
    })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(await screen.findByText('Your mail choice is saved.')).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(false));
    expect(calls(fetchMock)).toContain('PUT /api/notifications/preferences');
  });

  it('unsubscribes from a mail’s link without signing in, and says when a link is not valid', async () => {
    stubApi({
      'POST /api/notifications/unsubscribe': (_url, init) =>
        String(init?.body).includes('good')
          ? jsonResponse({ kind: 'essay_graded' })
          : problemResponse({ status: 400, code: 'notifications.unsubscribe_invalid' }),
    });
    // Signed out: the token in the link is all it takes.
    renderApp('/unsubscribe?token=good-token-0123456789');
    expect(await screen.findByText(/You no longer get mail when an essay is graded/)).toBeTruthy();
  });

  it('refuses a forged unsubscribe link with the reason', async () => {
    stubApi({
      'POST /api/notifications/unsubscribe': () =>
        problemResponse({ status: 400, code: 'notifications.unsubscribe_invalid' }),
    });
    renderApp('/unsubscribe?token=forged-token-0123456789', { session: aSession() });
    const alert = (await screen.findByText('These mails could not be stopped.')).closest(
      '[role="alert"]',
    )!;
    expect(alert.textContent).toContain('This unsubscribe link is not valid.');
  });
});
