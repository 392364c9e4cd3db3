import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { clearQueryCache } from '../../../lib/use-query';
import {
  aSessionBilling,
  aSubscription,
  activeBilling,
  anOverview,
} from '../../../testing/billing-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';
import { CheckoutReturn } from './checkout-return';

const pending = () => anOverview({ billing: aSessionBilling({ status: 'checkout_pending' }) });
const active = () => anOverview({ billing: activeBilling(), subscription: aSubscription() });

function show(props: { deadlineMs?: number; onConfirmed?: () => void } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/billing',
        element: <CheckoutReturn onConfirmed={props.onConfirmed ?? (() => {})} {...props} />,
      },
    ],
    { initialEntries: ['/billing?checkout=success'] },
  );
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('coming back from the partner’s checkout', () => {
  afterEach(() => {
    cleanup();
    clearQueryCache();
    vi.unstubAllGlobals();
  });

  it('says premium is active as soon as the partner’s word has landed', async () => {
    const onConfirmed = vi.fn();
    stubApi({ 'GET /api/billing/subscription': () => jsonResponse(active()) });
    show({ onConfirmed });
    const heading = await screen.findByRole('heading', { name: 'Premium is active' });
    expect(screen.getByRole('status').textContent).toContain('Premium banks, unlimited practice');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Browse question banks' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('says so clearly when it takes too long, and checks again when asked', async () => {
    let landed = false;
    const fetchMock = stubApi({
      'GET /api/billing/subscription': () => jsonResponse(landed ? active() : pending()),
    });
    show({ deadlineMs: 0 });

    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'This is taking longer than usual' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain("you won't be charged twice");
    const asked = calls(fetchMock).length;
    expect(asked).toBe(1);

    landed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Premium is active' })).toBeTruthy();
    expect(calls(fetchMock)).toHaveLength(asked + 1);
  });

  it('keeps asking through a dropped connection, and stops at a problem that will not pass', async () => {
    let answers = 0;
    stubApi({
      'GET /api/billing/subscription': () => {
        answers += 1;
        return answers === 1
          ? problemResponse({ status: 503, code: 'unavailable' })
          : problemResponse({ status: 401, code: 'auth.required' });
      },
    });
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't check your payment.");
    expect(alert.textContent).toContain('You need to sign in to see this.');
    expect(answers).toBe(2);
  });
});
