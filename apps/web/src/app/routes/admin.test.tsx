import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  anAdminSession,
  anAdminUser,
  anAuditEvent,
  aMember,
  aTenant,
} from '../../testing/session-fixtures';
import { calls, jsonResponse, noContent, problemResponse, stubApi } from '../../testing/stub-fetch';

const ada = anAdminUser({ roles: ['admin'] });
const grace = anAdminUser({
  id: '44444444-4444-4444-8444-444444444444',
  sub: 'sub-grace',
  email: 'grace@example.com',
  displayName: 'Grace Hopper',
});
const tenantId = aTenant().id;
const usersRoute = {
  'GET /api/admin/users': () => jsonResponse({ users: [ada, grace], nextCursor: null }),
};

function requestTo(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => url === path && (init?.method ?? 'GET') === method,
  );
  if (!call) throw new Error(`No ${method} ${path}; calls: ${calls(fetchMock).join(', ')}`);
  const init = call[1];
  return { headers: new Headers(init?.headers), body: init?.body };
}

describe('admin page', () => {
  it('lists users with their roles, and grants admin', async () => {
    let users = [ada, grace];
    const fetchMock = stubApi({
      'GET /api/admin/users': () => jsonResponse({ users, nextCursor: null }),
      [`PUT /api/admin/users/${grace.id}/roles/admin`]: () => {
        users = [ada, { ...grace, roles: ['admin'] }];
        return noContent();
      },
    });
    renderApp('/admin', { session: anAdminSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Users' });
    const graceRow = within(within(table).getByText('Grace Hopper').closest('tr') as HTMLElement);
    expect(graceRow.getByText('grace@example.com')).toBeTruthy();
    expect(graceRow.getByText('Learner')).toBeTruthy();

    fireEvent.click(graceRow.getByRole('button', { name: 'Grant admin to grace@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Grace Hopper an admin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant admin' }));

    expect(
      await screen.findByRole('button', { name: 'Revoke admin from grace@example.com' }),
    ).toBeTruthy();
    const request = requestTo(fetchMock, 'PUT', `/api/admin/users/${grace.id}/roles/admin`);
    expect(request.headers.get('X-Questa-Request')).toBe('1');
    expect(calls(fetchMock)[0]).toBe('GET /api/admin/users?limit=25');
  });

  it('asks before revoking admin, and explains a refusal', async () => {
    const fetchMock = stubApi({
      ...usersRoute,
      [`DELETE /api/admin/users/${ada.id}/roles/admin`]: () =>
        problemResponse({ status: 409, code: 'conflict.version' }),
    });
    renderApp('/admin', { session: anAdminSession() });

    fireEvent.click(
      await screen.findByRole('button', { name: 'Revoke admin from ada@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke admin from Ada Lovelace?' });
    expect(dialog.textContent).toContain('This is your own account');
    expect(calls(fetchMock).some((call) => call.startsWith('DELETE'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke admin' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Someone else changed this in the meantime.',
    );
  });

  it('searches workspaces, and suspends and restores one after asking', async () => {
    let suspendedAt: string | null = null;
    const beta = aTenant({
      id: '44444444-4444-4444-8444-444444444444',
      slug: 'beta-lab',
      name: 'Beta Lab',
    });
    const fetchMock = stubApi({
      'GET /api/admin/users': () => jsonResponse({ users: [], nextCursor: null }),
      'GET /api/admin/tenants': (url) =>
        jsonResponse({
          tenants: url.searchParams.get('q') === 'beta' ? [beta] : [aTenant({ suspendedAt }), beta],
        }),
      [`GET /api/admin/tenants/${tenantId}/members`]: () => jsonResponse({ members: [] }),
      [`GET /api/admin/tenants/${beta.id}/members`]: () => jsonResponse({ members: [] }),
      [`PUT /api/admin/tenants/${tenantId}/suspension`]: () => {
        suspendedAt = '2026-11-28T10:00:00.000Z';
        return jsonResponse(aTenant({ suspendedAt }));
      },
      [`DELETE /api/admin/tenants/${tenantId}/suspension`]: () => {
        suspendedAt = null;
        return jsonResponse(aTenant());
      },
    });
    renderApp('/admin?tab=tenants', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Suspend workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Acme Academy?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend workspace' }));
    expect(await screen.findByText('Acme Academy is suspended.')).toBeTruthy();
    expect(await screen.findByText('Suspended since Nov 28, 2026')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Restore workspace' }));
    const restore = await screen.findByRole('dialog', { name: 'Restore Acme Academy?' });
    fireEvent.click(within(restore).getByRole('button', { name: 'Restore workspace' }));
    expect(await screen.findByText('Acme Academy is restored.')).toBeTruthy();
    expect(calls(fetchMock)).toEqual(
      expect.arrayContaining([
        `PUT /api/admin/tenants/${tenantId}/suspension`,
        `DELETE /api/admin/tenants/${tenantId}/suspension`,
      ]),
    );

    fireEvent.change(screen.getByLabelText('Search workspaces'), { target: { value: 'beta' } });
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/admin/tenants?q=beta'));
    const tenantSelect = (await screen.findByLabelText('Tenant')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...tenantSelect.options].map((o) => o.text)).toEqual(['Beta Lab (beta-lab)']),
    );
  });

  it('offers every user to the member form, following cursors', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/users': (url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? jsonResponse({ users: [grace], nextCursor: null })
          : jsonResponse({ users: [ada], nextCursor: 'page-2' }),
      'GET /api/admin/tenants': () => jsonResponse({ tenants: [aTenant()] }),
      [`GET /api/admin/tenants/${tenantId}/members`]: () => jsonResponse({ members: [] }),
    });
    renderApp('/admin?tab=tenants', { session: anAdminSession() });

    const user = (await screen.findByLabelText('User')) as HTMLSelectElement;
    await waitFor(() => expect(user.disabled).toBe(false));
    expect(within(user).getByRole('option', { name: /grace@example.com/ })).toBeTruthy();
    expect(within(user).getByRole('option', { name: /ada@example.com/ })).toBeTruthy();
    expect(calls(fetchMock)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users?limit=100',
        'GET /api/admin/users?limit=100&cursor=page-2',
      ]),
    );
  });

  it('shows a tenant’s members by name and adds a member with the chosen role', async () => {
    let members = [aMember()];
    const fetchMock = stubApi({
      ...usersRoute,
      'GET /api/admin/tenants': () => jsonResponse({ tenants: [aTenant()] }),
      [`GET /api/admin/tenants/${tenantId}/members`]: () => jsonResponse({ members }),
      [`PUT /api/admin/tenants/${tenantId}/members/sub-grace`]: () => {
        members = [...members, aMember({ userId: 'sub-grace', role: 'reviewer' })];
        return noContent();
      },
    });
    renderApp('/admin?tab=tenants', { session: anAdminSession() });

    expect((await screen.findByLabelText('Tenant')).textContent).toContain('Acme Academy (acme)');
    const table = await screen.findByRole('table', { name: 'Members of Acme Academy' });
    expect(within(table).getByText('ada@example.com')).toBeTruthy();

    const user = screen.getByLabelText('User') as HTMLSelectElement;
    await waitFor(() => expect(user.disabled).toBe(false));
    // Ada is already a member: only Grace can be added.
    expect([...user.options].map((option) => option.textContent)).toEqual([
      'Choose a user',
      'grace@example.com',
    ]);
    fireEvent.change(user, { target: { value: 'sub-grace' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'reviewer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add grace@example.com to Acme Academy as Reviewer?',
    });
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));

    expect(await within(table).findByText('grace@example.com')).toBeTruthy();
    expect(
      await screen.findByText('grace@example.com was added to Acme Academy as Reviewer.'),
    ).toBeTruthy();
    const request = requestTo(fetchMock, 'PUT', `/api/admin/tenants/${tenantId}/members/sub-grace`);
    expect(JSON.parse(String(request.body))).toEqual({ role: 'reviewer' });
    expect(request.headers.get('X-Questa-Request')).toBe('1');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect((screen.getByLabelText('Role of grace@example.com') as HTMLSelectElement).value).toBe(
      'reviewer',
    );
  });

  it('changes a member’s role and removes a member after confirming', async () => {
    let members = [aMember(), aMember({ userId: 'sub-unknown', role: 'viewer' })];
    const fetchMock = stubApi({
      ...usersRoute,
      'GET /api/admin/tenants': () => jsonResponse({ tenants: [aTenant()] }),
      [`GET /api/admin/tenants/${tenantId}/members`]: () => jsonResponse({ members }),
      [`PUT /api/admin/tenants/${tenantId}/members/sub-unknown`]: () => {
        members = [aMember(), aMember({ userId: 'sub-unknown', role: 'author' })];
        return noContent();
      },
      [`DELETE /api/admin/tenants/${tenantId}/members/sub-unknown`]: () => {
        members = [aMember()];
        return noContent();
      },
    });
    renderApp('/admin?tab=tenants', { session: anAdminSession() });

    // A member the users list does not know is shown by their subject.
    const role = (await screen.findByLabelText('Role of sub-unknown')) as HTMLSelectElement;
    fireEvent.change(role, { target: { value: 'author' } });
    let dialog = await screen.findByRole('dialog', {
      name: 'Change the role of sub-unknown in Acme Academy?',
    });
    expect(dialog.textContent).toContain('sub-unknown goes from Viewer to Author.');
    // Cancelling changes nothing, and the role shown is still the saved one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(role.value).toBe('viewer');
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.change(role, { target: { value: 'author' } });
    dialog = await screen.findByRole('dialog', {
      name: 'Change the role of sub-unknown in Acme Academy?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('sub-unknown is now Author in Acme Academy.')).toBeTruthy();
    await waitFor(() =>
      expect(
        JSON.parse(
          String(
            requestTo(fetchMock, 'PUT', `/api/admin/tenants/${tenantId}/members/sub-unknown`).body,
          ),
        ),
      ).toEqual({ role: 'author' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove sub-unknown' }));
    dialog = await screen.findByRole('dialog', {
      name: 'Remove sub-unknown from Acme Academy?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByLabelText('Role of sub-unknown')).toBeNull());
    expect(screen.getByText('sub-unknown was removed from Acme Academy.')).toBeTruthy();
    expect(calls(fetchMock)).toContain(`DELETE /api/admin/tenants/${tenantId}/members/sub-unknown`);
  });

  it('explains a refused membership change with the problem’s sentence', async () => {
    stubApi({
      ...usersRoute,
      'GET /api/admin/tenants': () => jsonResponse({ tenants: [aTenant()] }),
      [`GET /api/admin/tenants/${tenantId}/members`]: () => jsonResponse({ members: [] }),
      [`GET /qdb/api/v1/clients/${tenantId}/limits`]: () => jsonResponse({ limits: [] }),
      [`PUT /api/admin/tenants/${tenantId}/members/sub-grace`]: () =>
        problemResponse({ status: 403, code: 'auth.forbidden' }),
    });
    renderApp('/admin?tab=tenants', { session: anAdminSession() });

    expect(await screen.findByText('This tenant has no members yet.')).toBeTruthy();
    const user = screen.getByLabelText('User') as HTMLSelectElement;
    await waitFor(() => expect(user.disabled).toBe(false));
    fireEvent.change(user, { target: { value: 'sub-grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add grace@example.com to Acme Academy as Viewer?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The member could not be added.');
    expect(alert.textContent).toContain("Your account isn't allowed to do this.");
  });

  it('lists the audit log and loads older entries on demand', async () => {
    const fetchMock = stubApi({
      ...usersRoute,
      'GET /api/admin/audit': (url) =>
        url.searchParams.get('cursor') === 'older'
          ? jsonResponse({
              events: [anAuditEvent({ id: 'event-0', action: 'auth.sign_in_failed', actor: null })],
              nextCursor: null,
            })
          : jsonResponse({
              events: [
                anAuditEvent({
                  action: 'membership.granted',
                  target: `tenant/${tenantId}/member/sub-grace`,
                }),
              ],
              nextCursor: 'older',
            }),
    });
    renderApp('/admin', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('tab', { name: 'Audit log' }));

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('Membership granted')).toBeTruthy();
    expect(within(table).getByText('ada@example.com')).toBeTruthy();
    expect(within(table).getByText('203.0.113.7')).toBeTruthy();
    // On a phone each entry is a card, every value headed by its column's name: nothing is cut off.
    expect(table.classList.contains('table--stacked')).toBe(true);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const labels = [...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label'));
      expect(labels).toEqual(headers);
    }

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await within(table).findByText('Sign-in failed')).toBeTruthy();
    expect(within(table).getByText('Anonymous')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls(fetchMock)).toContain('GET /api/admin/audit?limit=50&cursor=older');
  });

  it('moves between tabs with the arrow keys', async () => {
    stubApi({
      ...usersRoute,
      'GET /api/admin/tenants': () => jsonResponse({ tenants: [] }),
    });
    renderApp('/admin', { session: anAdminSession() });

    const users = await screen.findByRole('tab', { name: 'Users' });
    fireEvent.keyDown(users, { key: 'ArrowRight' });

    const tenants = screen.getByRole('tab', { name: 'Tenants' });
    expect(tenants.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tenants);
    expect(await screen.findByText('No tenants yet')).toBeTruthy();
  });
});
