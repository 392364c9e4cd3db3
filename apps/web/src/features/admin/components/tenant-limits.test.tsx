import type { WorkspaceUsage } from '@questa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { anAdminSession, anAdminUser, aTenant } from '../../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';

const tenantId = aTenant().id;

function stubLimits() {
  let usage: WorkspaceUsage = {
    limits: [
      { kind: 'members', used: 7, max: 7, raised: false, source: 'plan' },
      { kind: 'banks', used: 3, max: 200, raised: false, source: 'plan' },
      { kind: 'questions', used: 120, max: 50000, raised: false, source: 'plan' },
    ],
  };
  const fetchMock = stubApi({
    'GET /api/admin/users': () => jsonResponse({ users: [anAdminUser()], nextCursor: null }),
    'GET /api/admin/tenants': () => jsonResponse({ tenants: [aTenant()] }),
    [`GET /api/admin/tenants/${tenantId}/members`]: () => jsonResponse({ members: [] }),
    [`GET /qdb/api/v1/clients/${tenantId}/limits`]: () => jsonResponse(usage),
    [`PUT /api/admin/tenants/${tenantId}/limits`]: (_url, init) => {
      const update = JSON.parse(String(init?.body)) as Record<string, number | null>;
      if (update.members === 99_999) {
        return problemResponse({
          status: 400,
          code: 'validation.failed',
          detail: 'Limits go up to 100,000; this one is past the ceiling.',
        });
      }
      usage = {
        limits: usage.limits.map((limit) =>
          typeof update[limit.kind] === 'number'
            ? { ...limit, max: update[limit.kind]!, raised: true, source: 'override' }
            : limit,
        ),
      };
      return jsonResponse(usage);
    },
  });
  return fetchMock;
}

describe('admin: a workspace’s limits', () => {
  it('shows each limit and where it comes from, and overrides one after asking', async () => {
    const fetchMock = stubLimits();
    renderApp('/admin?tab=tenants', { session: anAdminSession() });

    expect(await screen.findByText(/Members: 7 used of 7/)).toBeTruthy();
    expect(screen.getByText(/Questions: 120 used of 50,000/).textContent).toContain(
      'from the paid plan',
    );
    fireEvent.change(screen.getByLabelText('Override for Members'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Change the limits of Acme Academy?',
    });
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('The limits of Acme Academy are saved.')).toBeTruthy();
    expect(await screen.findByText(/Members: 7 used of 12/)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      members: 12,
      banks: null,
      questions: null,
    });
  });

  it('refuses a limit that is not a whole number, and shows the server’s refusal in the dialog', async () => {
    stubLimits();
    renderApp('/admin?tab=tenants', { session: anAdminSession() });

    const members = await screen.findByLabelText('Override for Members');
    fireEvent.change(members, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/whole number/);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(members, { target: { value: '99999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('The limits of Acme Academy are saved.')).toBeNull();
  });
});
