import type { SeatChangePreview, WorkspacePlan } from '@questa/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';
import { SeatsPanel } from './seats-panel';

const clientId = 'c0000000-0000-4000-8000-000000000001';
const paid = (seats: number): WorkspacePlan => ({
  clientId,
  kind: 'paid',
  seats,
  seatsUsed: 3,
  status: 'active',
  price: {
    id: 'b0000000-0000-4000-8000-000000000031',
    currency: 'eur',
    interval: 'month',
    amount: 600,
  },
  currentPeriodStart: '2026-03-01T00:00:00.000Z',
  currentPeriodEnd: '2026-04-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  seatPrices: [],
  pendingCheckout: null,
});
const preview: SeatChangePreview = {
  seats: 7,
  currentSeats: 5,
  seatsUsed: 3,
  currency: 'eur',
  prorationAmount: 774,
  nextPeriodAmount: 4200,
  periodEnd: '2026-04-01T00:00:00.000Z',
  basis: 'computed',
};

function show(onChanged = vi.fn()) {
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <SeatsPanel plan={paid(5)} onChanged={onChanged} />
    </I18nProvider>,
  );
  return onChanged;
}

describe('changing a workspace’s seats', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows seats used of seats paid, and the prorated charge before changing anything', async () => {
    const fetchMock = stubApi({
      [`GET /api/workspaces/${clientId}/plan/seats/preview`]: (url) =>
        jsonResponse({ ...preview, seats: Number(url.searchParams.get('seats')) }),
      [`PUT /api/workspaces/${clientId}/plan/seats`]: () => jsonResponse(paid(7)),
    });
    const onChanged = show();
    expect(screen.getByText('3 of 5 seats used')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Seats used' })).toBeTruthy();

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Seats' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to 7 seats?' });
    expect(dialog.textContent).toContain('€7.74 is charged now for the rest of this period.');
    expect(dialog.textContent).toContain('each month costs €42.00');
    expect(calls(fetchMock)).toEqual([
      `GET /api/workspaces/${clientId}/plan/seats/preview?seats=7`,
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Change to 7 seats' }));
    await screen.findByText('Saved: the workspace now has 7 seats.');
    expect(onChanged).toHaveBeenCalledWith(paid(7));
  });

  it('refuses fewer seats than members without asking the server', async () => {
    const fetchMock = stubApi({});
    show();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Seats' }), { target: { value: '2' } });
    expect(
      await screen.findByText('Enter a whole number from 3 to 1,000: no fewer seats than members.'),
    ).toBeTruthy();
    const review = screen.getByRole('button', { name: 'Review change' }) as HTMLButtonElement;
    expect(review.disabled).toBe(true);
    expect(calls(fetchMock)).toEqual([]);
  });

  it('asks before cancelling, and says the plan ends with the period', async () => {
    const fetchMock = stubApi({
      [`PUT /api/workspaces/${clientId}/plan/cancel`]: () =>
        jsonResponse({ ...paid(5), cancelAtPeriodEnd: true }),
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the workspace plan?' });
    expect(dialog.textContent).toContain('The seats stay paid until Apr 1, 2026.');
    expect(calls(fetchMock)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel at the end of the period' }));
    await screen.findByText('Saved: the plan ends when this period ends.');
    await waitFor(() =>
      expect(calls(fetchMock)).toEqual([`PUT /api/workspaces/${clientId}/plan/cancel`]),
    );
  });
});
