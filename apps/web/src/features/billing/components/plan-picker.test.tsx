import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish, type LoadedLocale } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { aFreePlan, aPremiumPlan } from '../../../testing/billing-fixtures';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';
import { PlanPicker, type PlanViewer } from './plan-picker';

/** A checkout the partner opened without a page, so the test's browser stays where it is. */
const checkout = () =>
  jsonResponse(
    {
      id: 'e0000000-0000-4000-8000-000000000051',
      planId: 'a0000000-0000-4000-8000-000000000002',
      priceId: 'b0000000-0000-4000-8000-000000000011',
      status: 'open',
      url: null,
      expiresAt: '2026-03-01T01:00:00.000Z',
      createdAt: '2026-03-01T00:00:00.000Z',
    },
    { status: 201 },
  );

function show(viewer: Partial<PlanViewer>, language: LoadedLocale = inEnglish(appMessages)) {
  render(
    <I18nProvider initial={language}>
      <PlanPicker
        plans={[aFreePlan(), aPremiumPlan()]}
        viewer={{ signedIn: true, signInHref: '/login', subscribedPlanId: null, ...viewer }}
      />
    </I18nProvider>,
  );
}

describe('subscribing from the plans', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('warns a learner with granted premium before paying, and pays only when they confirm', async () => {
    const fetchMock = stubApi({ 'POST /api/billing/checkout': checkout });
    show({ granted: true, grantedUntil: '2026-06-30T23:59:59.000Z' });

    fireEvent.click(screen.getByRole('button', { name: /^Subscribe to Premium, / }));
    const dialog = await screen.findByRole('dialog', { name: 'You already have premium' });
    expect(dialog.textContent).toContain('An admin gave you premium until Jun 30, 2026.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /^Subscribe to Premium, / }));
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe and pay anyway' }));
    await waitFor(() => expect(calls(fetchMock)).toEqual(['POST /api/billing/checkout']));
  });

  it('goes straight to checkout for a learner without premium', async () => {
    const fetchMock = stubApi({ 'POST /api/billing/checkout': checkout });
    show({});
    fireEvent.click(screen.getByRole('button', { name: /^Subscribe to Premium, / }));
    await waitFor(() => expect(calls(fetchMock)).toEqual(['POST /api/billing/checkout']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ locale: 'en' });
  });

  it('asks for the checkout page in the language the app is shown in', async () => {
    const fetchMock = stubApi({ 'POST /api/billing/checkout': checkout });
    const german = { catalogue: appMessages, locale: 'de', messages: await appMessages.load('de') };
    show({}, german);
    fireEvent.click(screen.getByRole('button', { name: /^Abonnieren: Premium, / }));
    await waitFor(() => expect(calls(fetchMock)).toEqual(['POST /api/billing/checkout']));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ locale: 'de' });
  });
});
