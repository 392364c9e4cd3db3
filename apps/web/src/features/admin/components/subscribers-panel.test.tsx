import { renderApp } from '../../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLearnerBilling, aSubscriber, graceId } from '../../../testing/admin-billing-fixtures';
import { anAdminSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';

const grace = aSubscriber();
const alan = aSubscriber({
  id: '4b5a6f7e-8d9c-4abb-8c3d-4e5f6a7b8c90',
  user: {
    id: '55555555-5555-4555-8555-555555555555',
    email: 'alan@example.com',
    displayName: 'Alan Turing',
  },
  status: 'past_due',
  price: { id: 'p-usd', currency: 'usd', interval: 'year', amount: 9999 },
});
const katherine = aSubscriber({
  id: '4b5a6f7e-8d9c-4abb-8c3d-4e5f6a7b8c91',
  user: {
    id: '66666666-6666-4666-8666-666666666666',
    email: 'kj@example.com',
    displayName: 'Katherine Johnson',
  },
  status: 'canceled',
  endedAt: '2026-03-10T00:00:00.000Z',
});

describe('admin billing: subscribers', () => {
  it('lists subscribers with their state and plan, and pages on', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/billing/subscribers': (url) =>
        url.searchParams.get('cursor') === grace.id
          ? jsonResponse({ subscribers: [katherine], nextCursor: null })
          : jsonResponse({ subscribers: [grace, alan], nextCursor: grace.id }),
    });
    renderApp('/admin?tab=subscribers', { session: anAdminSession() });

    const table = await screen.findByRole('table', { name: 'Subscribers' });
    const alanRow = within(within(table).getByText('Alan Turing').closest('tr') as HTMLElement);
    expect(alanRow.getByText('Payment overdue')).toBeTruthy();
    expect(alanRow.getByText('$99.99 a year')).toBeTruthy();
    expect(screen.getByText('2 subscriptions shown; more are listed after them.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const katherineRow = within(
      (await within(table).findByText('Katherine Johnson')).closest('tr') as HTMLElement,
    );
    expect(katherineRow.getByText('Canceled')).toBeTruthy();
    expect(katherineRow.getByText(/^Ended /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls(fetchMock)).toEqual([
      'GET /api/admin/billing/subscribers?limit=25',
      `GET /api/admin/billing/subscribers?limit=25&cursor=${grace.id}`,
    ]);
  });

  it('searches by email or name and state, keeping the search in the address', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/billing/subscribers': (url) =>
        jsonResponse({
          subscribers: url.searchParams.get('q') === 'alan' ? [alan] : [grace, alan],
          nextCursor: null,
        }),
    });
    const router = renderApp('/admin?tab=subscribers', { session: anAdminSession() });

    await screen.findByText('Grace Hopper');
    const search = within(screen.getByRole('search', { name: 'Search subscribers' }));
    fireEvent.change(search.getByLabelText('Email or name'), { target: { value: ' alan ' } });
    fireEvent.change(search.getByLabelText('Status'), { target: { value: 'past_due' } });
    fireEvent.click(search.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
    expect(screen.getByText('Alan Turing')).toBeTruthy();
    expect(screen.getByText('1 subscription.')).toBeTruthy();
    expect(calls(fetchMock).at(-1)).toBe(
      'GET /api/admin/billing/subscribers?limit=25&status=past_due&q=alan',
    );
    expect(router.state.location.search).toBe('?tab=subscribers&q=alan&status=past_due');
  });

  it('says when nothing matches', async () => {
    stubApi({
      'GET /api/admin/billing/subscribers': () =>
        jsonResponse({ subscribers: [], nextCursor: null }),
    });
    renderApp('/admin?tab=subscribers&q=nobody', { session: anAdminSession() });

    expect(await screen.findByText('No subscriber matches this search.')).toBeTruthy();
    expect((screen.getByLabelText('Email or name') as HTMLInputElement).value).toBe('nobody');
  });

  it('opens a learner’s billing history and comes back to the same search', async () => {
    stubApi({
      'GET /api/admin/billing/subscribers': () =>
        jsonResponse({ subscribers: [grace], nextCursor: null }),
      [`GET /api/admin/billing/users/${graceId}`]: () => jsonResponse(aLearnerBilling()),
      'GET /api/admin/billing/plans': () => jsonResponse({ plans: [] }),
    });
    const router = renderApp('/admin?tab=subscribers&q=grace', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('link', { name: 'Billing history of Grace Hopper' }));
    expect(await screen.findByRole('heading', { name: 'Billing of Grace Hopper' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?tab=subscribers&q=grace&user=${graceId}`);

    fireEvent.click(screen.getByRole('link', { name: '← All subscribers' }));
    expect(await screen.findByRole('table', { name: 'Subscribers' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=subscribers&q=grace');
  });
});
