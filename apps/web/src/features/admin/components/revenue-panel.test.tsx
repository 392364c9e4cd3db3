import { renderApp } from '../../../testing/render-app';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aRevenueReport } from '../../../testing/admin-billing-fixtures';
import { anAdminSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';

const span = 'January 2026 to March 2026';

describe('admin billing: revenue', () => {
  it('charts MRR, active subscribers, and new and churned per month, with the same numbers in a table', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/billing/revenue': () => jsonResponse(aRevenueReport()),
    });
    renderApp('/admin?tab=revenue', { session: anAdminSession() });

    const mrr = (await screen.findByText('Monthly recurring revenue')).closest('div')!;
    expect(within(mrr).getByText('€27.00')).toBeTruthy();
    const active = screen.getByText('Active subscribers').closest('div')!;
    expect(within(active).getByText('3')).toBeTruthy();

    // Each picture says what it shows in a sentence and points to the table, its text alternative.
    const charts = screen.getAllByRole('img').map((chart) => chart.getAttribute('aria-label'));
    expect(charts).toEqual([
      `Chart of ${span}: monthly recurring revenue went from €18.00 to €27.00. The table beside it lists each month.`,
      `Chart of ${span}: active subscribers went from 2 to 3. The table beside it lists each month.`,
      `Chart of ${span}: 7 new and 3 churned subscribers. The table beside it lists each month.`,
    ]);
    expect(
      screen.getByRole('figure', { name: 'New and churned subscribers per month' }),
    ).toBeTruthy();

    const table = within(
      screen.getByRole('table', { name: `Subscribers and money per month, ${span}` }),
    );
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Month',
      'Recurring revenue',
      'Active',
      'New',
      'Churned',
      'Collected',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'March 2026€27.00312€24.00$9.99',
      'February 2026€45.00541€18.00',
      'January 2026€18.00220—',
    ]);
    expect(calls(fetchMock)).toEqual(['GET /api/admin/billing/revenue?months=12']);
  });

  it('shows another span of months, and another currency’s revenue', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/billing/revenue': () => jsonResponse(aRevenueReport()),
    });
    renderApp('/admin?tab=revenue', { session: anAdminSession() });

    await screen.findByText('Monthly recurring revenue');
    fireEvent.change(screen.getByLabelText('Months shown'), { target: { value: '24' } });
    await screen.findByText('Monthly recurring revenue');
    expect(calls(fetchMock)).toContain('GET /api/admin/billing/revenue?months=24');

    expect(screen.getByText('Monthly recurring revenue at each month’s end (EUR)')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Currency'), { target: { value: 'usd' } });
    expect(
      await screen.findByText('Monthly recurring revenue at each month’s end (USD)'),
    ).toBeTruthy();
  });
});
