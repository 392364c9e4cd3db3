import { renderApp } from '../../../testing/render-app';
import type { AdminUser } from '@questa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLearnerBilling } from '../../../testing/admin-billing-fixtures';
import { anAdminSession, anAdminUser, anAuditEvent } from '../../../testing/session-fixtures';
import {
  calls,
  jsonResponse,
  noContent,
  problemResponse,
  stubApi,
} from '../../../testing/stub-fetch';

const grace: AdminUser = anAdminUser({
  id: '44444444-4444-4444-8444-444444444444',
  sub: 'sub-grace',
  email: 'grace@example.com',
  displayName: 'Grace Hopper',
  premiumGrant: null,
  extraTimePercent: 0,
});
const ada: AdminUser = anAdminUser({
  roles: ['admin'],
  premiumGrant: { until: null },
  extraTimePercent: 35,
});

function bodyOf(fetchMock: ReturnType<typeof stubApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => url === path && (init?.method ?? 'GET') === method,
  );
  if (!call) throw new Error(`No ${method} ${path}; calls: ${calls(fetchMock).join(', ')}`);
  return JSON.parse(String(call[1]?.body));
}

/** An API whose users change as premium and accommodations are set. */
function stubUsers() {
  let users = [ada, grace];
  const replace = (id: string, change: Partial<AdminUser>) => {
    users = users.map((user) => (user.id === id ? { ...user, ...change } : user));
    return jsonResponse(users.find((user) => user.id === id));
  };
  return stubApi({
    'GET /api/admin/users': () => jsonResponse({ users, nextCursor: null }),
    [`PUT /api/admin/users/${grace.id}/premium`]: (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { premium: boolean; until: string | null };
      return replace(grace.id, { premiumGrant: body.premium ? { until: body.until } : null });
    },
    [`PUT /api/admin/users/${ada.id}/premium`]: () => replace(ada.id, { premiumGrant: null }),
    [`PUT /api/admin/users/${grace.id}/accommodations`]: (_url, init) =>
      replace(grace.id, JSON.parse(String(init?.body)) as Partial<AdminUser>),
  });
}

const rowOf = (name: string) =>
  within(screen.getByText(name, { selector: 'th' }).closest('tr') as HTMLElement);

describe('users panel: premium and extra exam time', () => {
  it('shows each user’s premium and extra time', async () => {
    stubUsers();
    renderApp('/admin', { session: anAdminSession() });

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('columnheader', { name: 'Premium' })).toBeTruthy();
    expect(rowOf('Ada Lovelace').getByText('Until revoked')).toBeTruthy();
    expect(rowOf('Grace Hopper').getByText('No')).toBeTruthy();
    const adaTime = rowOf('Ada Lovelace').getByLabelText(
      'Extra exam time for ada@example.com',
    ) as HTMLSelectElement;
    expect(adaTime.value).toBe('other');
    expect(
      (
        rowOf('Ada Lovelace').getByLabelText(
          'Extra exam time in percent for ada@example.com',
        ) as HTMLInputElement
      ).value,
    ).toBe('35');
  });

  it('marks an account whose owner asked for its deletion, with the day it is due', async () => {
    stubApi({
      'GET /api/admin/users': () =>
        jsonResponse({
          users: [ada, { ...grace, deletionDueAt: '2026-12-12T09:00:00.000Z' }],
          nextCursor: null,
        }),
    });
    renderApp('/admin', { session: anAdminSession() });

    const badge = await screen.findByText(/^Deletion due /);
    expect(badge.textContent).toBe('Deletion due Dec 12, 2026');
    expect(badge.closest('tr')?.textContent).toContain('grace@example.com');
    expect(screen.getAllByText(/^Deletion due /)).toHaveLength(1);
  });

  it('shows learners on a trial or paying as premium, beside any grant', async () => {
    const plan = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Premium' };
    const period = { currentPeriodEnd: '2026-05-01T00:00:00.000Z', cancelAtPeriodEnd: false };
    const trying = anAdminUser({
      id: '55555555-5555-4555-8555-555555555555',
      email: 'tess@example.com',
      displayName: 'Tess Trial',
      subscription: { status: 'trialing', plan, ...period },
    });
    const paying = anAdminUser({
      id: '66666666-6666-4666-8666-666666666666',
      email: 'pat@example.com',
      displayName: 'Pat Paying',
      premiumGrant: { until: null },
      subscription: { status: 'active', plan, ...period },
    });
    const late = anAdminUser({
      id: '77777777-7777-4777-8777-777777777777',
      email: 'lee@example.com',
      displayName: 'Lee Late',
      subscription: { status: 'past_due', plan, ...period },
    });
    const lapsed = anAdminUser({
      id: '88888888-8888-4888-8888-888888888888',
      email: 'cal@example.com',
      displayName: 'Cal Canceled',
      subscription: { status: 'canceled', plan, ...period },
    });
    stubApi({
      'GET /api/admin/users': () =>
        jsonResponse({ users: [trying, paying, late, lapsed], nextCursor: null }),
    });
    renderApp('/admin', { session: anAdminSession() });
    await screen.findByRole('table', { name: 'Users' });
    expect(rowOf('Tess Trial').getByText('Trial of Premium until May 1, 2026')).toBeTruthy();
    expect(rowOf('Pat Paying').getByText('Premium, paying, renews May 1, 2026')).toBeTruthy();
    expect(rowOf('Pat Paying').getByText('Granted too: Until revoked')).toBeTruthy();
    expect(rowOf('Lee Late').getByText('Premium, payment past due')).toBeTruthy();
    expect(rowOf('Cal Canceled').getByText('No')).toBeTruthy();
  });

  it('grants premium until a date', async () => {
    const fetchMock = stubUsers();
    renderApp('/admin', { session: anAdminSession() });

    fireEvent.click(
      await screen.findByRole('button', { name: 'Grant premium to grace@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Premium for Grace Hopper' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Until a date' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant premium' }));
    expect(within(dialog).getByText('Choose the last day of premium.')).toBeTruthy();
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Last day'), {
      target: { value: '2099-06-30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant premium' }));

    await waitFor(() =>
      expect(rowOf('Grace Hopper').getByText(/^Until Jun 30, 2099$/)).toBeTruthy(),
    );
    const body = bodyOf(fetchMock, 'PUT', `/api/admin/users/${grace.id}/premium`) as {
      premium: boolean;
      until: string;
    };
    expect(body.premium).toBe(true);
    expect(new Date(body.until).getTime()).toBe(new Date('2099-06-30T23:59:59.999').getTime());
  });

  it('asks before revoking premium', async () => {
    const fetchMock = stubUsers();
    renderApp('/admin', { session: anAdminSession() });

    fireEvent.click(
      await screen.findByRole('button', { name: 'Revoke premium from ada@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke premium from Ada Lovelace?' });
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke premium' }));

    await waitFor(() => expect(rowOf('Ada Lovelace').getByText('No')).toBeTruthy());
    expect(bodyOf(fetchMock, 'PUT', `/api/admin/users/${ada.id}/premium`)).toEqual({
      premium: false,
      until: null,
    });
  });

  it('sets extra exam time from the list or as any number up to 200', async () => {
    const fetchMock = stubUsers();
    renderApp('/admin', { session: anAdminSession() });

    const select = (await screen.findByLabelText(
      'Extra exam time for grace@example.com',
    )) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '50' } });
    expect(await screen.findByText('grace@example.com now has 50% extra exam time.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', `/api/admin/users/${grace.id}/accommodations`)).toEqual({
      extraTimePercent: 50,
    });

    fireEvent.change(screen.getByLabelText('Extra exam time for grace@example.com'), {
      target: { value: 'other' },
    });
    const percent = screen.getByLabelText('Extra exam time in percent for grace@example.com');
    fireEvent.change(percent, { target: { value: '250' } });
    fireEvent.click(
      screen.getByRole('button', { name: 'Save extra exam time for grace@example.com' }),
    );
    expect(screen.getByText('Enter a whole number from 0 to 200.')).toBeTruthy();

    fireEvent.change(percent, { target: { value: '150' } });
    fireEvent.click(
      screen.getByRole('button', { name: 'Save extra exam time for grace@example.com' }),
    );
    expect(await screen.findByText('grace@example.com now has 150% extra exam time.')).toBeTruthy();
  });

  it('explains a refused change', async () => {
    stubApi({
      'GET /api/admin/users': () => jsonResponse({ users: [ada, grace], nextCursor: null }),
      [`PUT /api/admin/users/${grace.id}/accommodations`]: () =>
        problemResponse({ status: 403, code: 'auth.forbidden' }),
    });
    renderApp('/admin', { session: anAdminSession() });

    fireEvent.change(await screen.findByLabelText('Extra exam time for grace@example.com'), {
      target: { value: '25' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The extra exam time could not be changed.');
    expect(alert.textContent).toContain("Your account isn't allowed to do this.");
  });

  it('names the new audit actions', async () => {
    stubApi({
      'GET /api/admin/users': () => jsonResponse({ users: [ada, grace], nextCursor: null }),
      'GET /api/admin/audit': () =>
        jsonResponse({
          events: [
            anAuditEvent({ id: 'e1', action: 'premium.granted' }),
            anAuditEvent({ id: 'e2', action: 'premium.revoked' }),
            anAuditEvent({ id: 'e3', action: 'accommodation.changed' }),
          ],
          nextCursor: null,
        }),
    });
    renderApp('/admin?tab=audit', { session: anAdminSession() });

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Premium granted')).toBeTruthy();
    expect(within(table).getByText('Premium revoked')).toBeTruthy();
    expect(within(table).getByText('Extra exam time changed')).toBeTruthy();
  });

  it('leads from a user to their billing history', async () => {
    stubApi({
      'GET /api/admin/users': () => jsonResponse({ users: [ada, grace], nextCursor: null }),
      [`GET /api/admin/billing/users/${grace.id}`]: () => jsonResponse(aLearnerBilling()),
      'GET /api/admin/billing/plans': () => jsonResponse({ plans: [] }),
    });
    const router = renderApp('/admin', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('link', { name: 'Billing history of Grace Hopper' }));
    expect(await screen.findByRole('heading', { name: 'Billing of Grace Hopper' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Subscribers' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(router.state.location.search).toBe(`?tab=subscribers&user=${grace.id}`);
  });
});

describe('users panel: admin role and search', () => {
  /** An API whose users gain the admin role when it is granted. */
  function stubRoles() {
    let users = [ada, grace];
    return stubApi({
      'GET /api/admin/users': (url) => {
        const q = url.searchParams.get('q')?.toLowerCase() ?? '';
        const found = users.filter((user) => user.email.includes(q));
        // Pages of one, so the second page is asked for with the first's cursor.
        const cursor = url.searchParams.get('cursor');
        const start = cursor ? found.findIndex((user) => user.id === cursor) + 1 : 0;
        const page = found.slice(start, start + 1);
        return jsonResponse({
          users: page,
          nextCursor: start + 1 < found.length ? page[0]!.id : null,
        });
      },
      [`PUT /api/admin/users/${grace.id}/roles/admin`]: () => {
        users = users.map((user) => (user.id === grace.id ? { ...user, roles: ['admin'] } : user));
        return noContent();
      },
    });
  }

  it('asks before granting admin, grants nothing when cancelled, and says when it is done', async () => {
    const fetchMock = stubRoles();
    renderApp('/admin', { session: anAdminSession() });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    fireEvent.click(
      await screen.findByRole('button', { name: 'Grant admin to grace@example.com' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Make Grace Hopper an admin?' });
    expect(within(dialog).getByText(/read the audit log/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Grant admin to grace@example.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Make Grace Hopper an admin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant admin' }));

    expect(await screen.findByText('grace@example.com is now an admin.')).toBeTruthy();
    expect(calls(fetchMock)).toContain(`PUT /api/admin/users/${grace.id}/roles/admin`);
  });

  it('searches by part of an email, and says when nobody matches', async () => {
    const fetchMock = stubRoles();
    renderApp('/admin', { session: anAdminSession() });
    expect(await screen.findByText('1 user shown; more are listed after it.')).toBeTruthy();

    const search = screen.getByRole('search', { name: 'Search users' });
    fireEvent.change(within(search).getByLabelText('Email or name'), {
      target: { value: ' grace ' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 user.')).toBeTruthy();
    expect(rowOf('Grace Hopper').getByText('grace@example.com')).toBeTruthy();
    expect(screen.queryByText('Ada Lovelace', { selector: 'th' })).toBeNull();
    expect(calls(fetchMock)).toContain('GET /api/admin/users?limit=25&q=grace');

    fireEvent.change(within(search).getByLabelText('Email or name'), {
      target: { value: 'nobody' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No user matches this search.')).toBeTruthy();
  });
});

describe('users panel: deleting an account at once', () => {
  function stubDeletion() {
    let users = [ada, grace];
    return stubApi({
      'GET /api/admin/users': () => jsonResponse({ users, nextCursor: null }),
      [`POST /api/admin/users/${grace.id}/delete`]: () => {
        users = users.filter((user) => user.id !== grace.id);
        return noContent();
      },
    });
  }

  it('names the account, deletes only once its email is typed, and says it is done', async () => {
    const fetchMock = stubDeletion();
    renderApp('/admin', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete now: grace@example.com' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Delete the account of grace@example.com now?' }),
    );
    expect(dialog.getByText(/Only for a legal request/)).toBeTruthy();
    expect(dialog.getByText(/without the 14 days/)).toBeTruthy();
    const input = dialog.getByLabelText(/type the account's email address/);
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete the account' }));
    expect(await dialog.findByText('This is not the email address of this account.')).toBeTruthy();
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(input, { target: { value: 'Grace@Example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete the account' }));
    expect(await screen.findByText('The account of grace@example.com is deleted.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', `/api/admin/users/${grace.id}/delete`)).toEqual({
      confirm: 'Grace@Example.com',
    });
    await waitFor(() => expect(screen.queryByText('Grace Hopper', { selector: 'th' })).toBeNull());
  });

  it('offers no immediate deletion of the admin’s own account, and shows a refusal', async () => {
    stubApi({
      'GET /api/admin/users': () => jsonResponse({ users: [ada, grace], nextCursor: null }),
      [`POST /api/admin/users/${grace.id}/delete`]: () =>
        problemResponse({ status: 409, code: 'account.subscription_active' }),
    });
    renderApp('/admin', { session: anAdminSession() });

    await screen.findByRole('table', { name: 'Users' });
    expect(rowOf('Ada Lovelace').queryByRole('button', { name: /Delete now/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete now: grace@example.com' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/type the account's email address/), {
      target: { value: 'grace@example.com' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete the account' }));
    expect((await dialog.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.getByText('Grace Hopper', { selector: 'th' })).toBeTruthy();
  });
});
