import { renderApp } from '../../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeBilling, aSessionWithBilling } from '../../../testing/billing-fixtures';
import { aCatalogList } from '../../../testing/catalog-fixtures';
import { jsonResponse, stubApi } from '../../../testing/stub-fetch';

describe('the past-due banner', () => {
  it('shows on every page while a payment has failed, with the way to fix it', async () => {
    stubApi({ 'GET /api/catalog/banks': () => jsonResponse(aCatalogList([])) });
    const billing = activeBilling({
      status: 'past_due',
      pastDue: true,
      renewsAt: null,
      endsAt: '2026-03-08T00:00:00.000Z',
    });
    const router = renderApp('/', { session: aSessionWithBilling(billing) });

    const banner = await screen.findByRole('complementary', { name: 'Payment problem' });
    expect(banner.textContent).toContain(
      'Your last premium payment failed. Premium continues until Mar 8, 2026',
    );
    fireEvent.click(within(banner).getByRole('link', { name: 'Fix payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
  });

  it('is not there while payments are fine', async () => {
    stubApi({ 'GET /api/catalog/banks': () => jsonResponse(aCatalogList([])) });
    renderApp('/', { session: aSessionWithBilling(activeBilling()) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Payment problem' })).toBeNull();
  });
});
