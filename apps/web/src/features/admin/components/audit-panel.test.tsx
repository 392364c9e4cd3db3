import { renderApp } from '../../../testing/render-app';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdminSession, anAuditEvent } from '../../../testing/session-fixtures';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';

describe('admin audit log: billing actions', () => {
  it('names every billing change in words', async () => {
    stubApi({
      'GET /api/admin/users': () => jsonResponse({ users: [], nextCursor: null }),
      'GET /api/admin/audit': () =>
        jsonResponse({
          events: (
            [
              'plan.created',
              'plan.changed',
              'promotion_code.created',
              'promotion_code.withdrawn',
              'checkout.started',
              'subscription.changed',
              'refund.created',
              'billing.reconciled',
            ] as const
          ).map((action, index) => anAuditEvent({ id: `event-${index}`, action })),
          nextCursor: null,
        }),
    });
    renderApp('/admin?tab=audit', { session: anAdminSession() });

    const table = within(await screen.findByRole('table', { name: 'Audit log' }));
    for (const words of [
      'Plan created',
      'Plan changed',
      'Promotion code created',
      'Promotion code withdrawn',
      'Checkout started',
      'Subscription changed',
      'Refund issued',
      'Subscriptions reconciled',
    ]) {
      expect(table.getByText(words)).toBeTruthy();
    }
  });
});

describe('admin audit log: what changed, and filters', () => {
  it('names each role change from what to what', async () => {
    stubApi({
      'GET /api/admin/users': () => jsonResponse({ users: [], nextCursor: null }),
      'GET /api/admin/audit': () =>
        jsonResponse({
          events: [
            anAuditEvent({
              id: 'e1',
              action: 'role.granted',
              details: { role: 'admin', sub: 'sub-grace', from: [], to: ['admin'] },
            }),
            anAuditEvent({
              id: 'e2',
              action: 'membership.changed',
              details: { from: 'viewer', to: 'author' },
            }),
            anAuditEvent({
              id: 'e3',
              action: 'membership.revoked',
              details: { from: 'reviewer', to: null },
            }),
            anAuditEvent({
              id: 'e4',
              action: 'accommodation.changed',
              details: { before: 0, extraTimePercent: 50 },
            }),
            // Recorded before the log kept what came before.
            anAuditEvent({ id: 'e5', action: 'membership.granted', details: { role: 'owner' } }),
          ],
          nextCursor: null,
        }),
    });
    renderApp('/admin?tab=audit', { session: anAdminSession() });

    const table = within(await screen.findByRole('table', { name: 'Audit log' }));
    expect(table.getByRole('columnheader', { name: 'Change' })).toBeTruthy();
    const changeOf = (id: string) =>
      table.getAllByRole('row')[['e1', 'e2', 'e3', 'e4', 'e5'].indexOf(id) + 1]!.children[2]!
        .textContent;
    expect(changeOf('e1')).toBe('Learner → Admin');
    expect(changeOf('e2')).toBe('Viewer → Author');
    expect(changeOf('e3')).toBe('Reviewer → not a member');
    expect(changeOf('e4')).toBe('0% → 50%');
    expect(changeOf('e5')).toBe('Owner');
    expect(table.getByText('Tenant role changed')).toBeTruthy();
  });

  it('filters by who, what and between which days, and clears the filters again', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/users': () => jsonResponse({ users: [], nextCursor: null }),
      'GET /api/admin/audit': (url) =>
        jsonResponse({
          events: url.searchParams.has('who') ? [] : [anAuditEvent()],
          nextCursor: null,
        }),
    });
    renderApp('/admin?tab=audit', { session: anAdminSession() });
    await screen.findByRole('table', { name: 'Audit log' });

    const form = within(screen.getByRole('search', { name: 'Filter the audit log' }));
    fireEvent.change(form.getByLabelText('Who'), { target: { value: ' grace ' } });
    fireEvent.change(form.getByLabelText('What'), { target: { value: 'role.granted' } });
    fireEvent.change(form.getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(form.getByLabelText('Until'), { target: { value: '2026-03-01' } });
    fireEvent.click(form.getByRole('button', { name: 'Filter' }));
    expect(form.getByText('The last day cannot come before the first.')).toBeTruthy();
    expect(form.getByLabelText('Until').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(form.getByLabelText('Until'), { target: { value: '2026-03-11' } });
    fireEvent.click(form.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No event matches these filters.')).toBeTruthy();
    const asked = new URL(
      calls(fetchMock)
        .filter((call) => call.includes('who='))
        .at(-1)!
        .split(' ')[1]!,
      'http://localhost',
    ).searchParams;
    expect(asked.get('who')).toBe('grace');
    expect(asked.get('action')).toBe('role.granted');
    expect(asked.get('from')).toBe(new Date('2026-03-10T00:00:00').toISOString());
    // The last day counts whole.
    expect(asked.get('to')).toBe(new Date('2026-03-12T00:00:00').toISOString());

    fireEvent.click(form.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeTruthy();
    expect((form.getByLabelText('Who') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(form.getByLabelText('Who'));
  });
});
