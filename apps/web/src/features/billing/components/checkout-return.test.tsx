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

function show(
  props: { sessionId?: string | null; deadlineMs?: number; onConfirmed?: () => void } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '/billing',
        element: (
          <CheckoutReturn
            sessionId={props.sessionId ?? null}
            onConfirmed={props.onConfirmed ?? (() => {})}
            deadlineMs={props.deadlineMs}
          />
        ),
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

  it('has the paid session applied on return, without waiting for the partner’s webhooks', async () => {
    const onConfirmed = vi.fn();
    const fetchMock = stubApi({
      'POST /api/billing/checkout/return': (_url, init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ sessionId: 'cs_test_paid' });
        return jsonResponse(active());
      },
      'GET /api/billing/subscription': () => jsonResponse(pending()),
    });
    show({ sessionId: 'cs_test_paid', onConfirmed });
    await screen.findByRole('heading', { name: 'Premium is active' });
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    expect(calls(fetchMock)).toEqual(['POST /api/billing/checkout/return']);
  });

  it('falls back to asking for premium when the session cannot be applied', async () => {
    let asked = 0;
    const fetchMock = stubApi({
      'POST /api/billing/checkout/return': () =>
        problemResponse({ status: 503, code: 'unavailable' }),
      'GET /api/billing/subscription': () => {
        asked += 1;
        return jsonResponse(asked > 1 ? active() : pending());
      },
    });
    show({ sessionId: 'cs_test_paid' });
    await screen.findByRole('heading', { name: 'Premium is active' }, { timeout: 5000 });
    expect(calls(fetchMock)).toEqual([
      'POST /api/billing/checkout/return',
      'GET /api/billing/subscription',
      'GET /api/billing/subscription',
    ]);
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
