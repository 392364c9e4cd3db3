import { renderApp } from '../../../testing/render-app';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdminSession, anAuditEvent } from '../../../testing/session-fixtures';
import { jsonResponse, stubApi } from '../../../testing/stub-fetch';

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
