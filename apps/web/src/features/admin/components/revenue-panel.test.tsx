import { renderApp } from '../../../testing/render-app';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aRevenueReport } from '../../../testing/admin-billing-fixtures';
import { anAdminSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';

describe('admin billing: revenue', () => {
  it('shows MRR and subscribers, and the months as a chart with the same numbers in a table', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/billing/revenue': () => jsonResponse(aRevenueReport()),
    });
    renderApp('/admin?tab=revenue', { session: anAdminSession() });

    const mrr = (await screen.findByText('Monthly recurring revenue')).closest('div')!;
    expect(within(mrr).getByText('€27.00')).toBeTruthy();
    const active = screen.getByText('Active subscribers').closest('div')!;
    expect(within(active).getByText('3')).toBeTruthy();

    // The picture says what it shows in a sentence and points to the table.
    const chart = screen.getByRole('img', { name: /^Chart of January 2026 to March 2026/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Chart of January 2026 to March 2026: 7 new and 3 churned subscribers. The table beside it lists each month.',
    );
    expect(screen.getByRole('img', { name: /in all/ }).getAttribute('aria-label')).toContain(
      '€42.00 in all',
    );

    const table = within(
      screen.getByRole('table', {
        name: 'Subscribers and money per month, January 2026 to March 2026',
      }),
    );
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'March 202612€24.00$9.99',
      'February 202641€18.00',
      'January 202620—',
    ]);
    expect(calls(fetchMock)).toEqual(['GET /api/admin/billing/revenue?months=12']);
  });

  it('shows another span of months, and another currency’s money', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/billing/revenue': () => jsonResponse(aRevenueReport()),
    });
    renderApp('/admin?tab=revenue', { session: anAdminSession() });

    await screen.findByText('Monthly recurring revenue');
    fireEvent.change(screen.getByLabelText('Months shown'), { target: { value: '24' } });
    await screen.findByText('Monthly recurring revenue');
    expect(calls(fetchMock)).toContain('GET /api/admin/billing/revenue?months=24');

    expect(screen.getByText('Collected per month, less refunds (EUR)')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Currency'), { target: { value: 'usd' } });
    expect(await screen.findByText('Collected per month, less refunds (USD)')).toBeTruthy();
    expect(screen.getByRole('img', { name: /\$9\.99 in all/ })).toBeTruthy();
  });
});
