import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  aFreePlan,
  aPremiumPlan,
  aSessionBilling,
  aSessionWithBilling,
  aSubscription,
  activeBilling,
  anActiveOverview,
  anInvoice,
  anOverview,
  priceIds,
  subscriptionId,
} from '../../testing/billing-fixtures';
import { aSession } from '../../testing/session-fixtures';
import {
  calls,
  heldResponse,
  jsonResponse,
  problemResponse,
  stubApi,
} from '../../testing/stub-fetch';

const plans = () => jsonResponse({ plans: [aFreePlan(), aPremiumPlan()] });
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const freeSession = () => aSessionWithBilling(aSessionBilling());

describe('the billing page', () => {
  it('shows a visitor the plans side by side, by the month or the year, and asks them to sign in', async () => {
    const fetchMock = stubApi({ 'GET /api/billing/plans': plans });
    renderApp('/billing');

    expect(await screen.findByRole('heading', { level: 1, name: 'Premium' })).toBeTruthy();
    const free = await screen.findByRole('article', { name: 'Free' });
    const premium = screen.getByRole('article', { name: 'Premium' });
    const features = (plan: HTMLElement) =>
      within(plan)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(features(free)).toEqual([
      'Included: All public question banks',
      'Included: 20 practice answers a day',
      'Not included: Premium question banks',
      'Not included: Unlimited practice',
      'Not included: Timed mock exams',
      'Not included: Detailed analytics: recall forecast and time per question',
      'Not included: Host live quizzes',
    ]);
    expect(within(premium).getByText('€9.00')).toBeTruthy();
    expect(within(premium).getByText('per month')).toBeTruthy();
    expect(features(premium)).toEqual([
      'Included: All public question banks',
      'Included: Premium question banks',
      'Included: Unlimited practice',
      'Included: Timed mock exams',
      'Included: Detailed analytics: recall forecast and time per question',
      'Included: Host live quizzes for up to 100 players',
    ]);
    expect(within(premium).getByText('Starts with a 7-day free trial')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(premium).getByText('€90.00')).toBeTruthy();
    expect(within(premium).getByText('per year')).toBeTruthy();
    expect(within(premium).getByText('Save 17%')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'USD' }));
    expect(within(premium).getByText('$99.99')).toBeTruthy();

    const signIn = within(premium).getByRole('link', { name: 'Sign in to subscribe' });
    expect(signIn.getAttribute('href')).toBe('/api/auth/login?returnTo=%2Fbilling');
    expect(calls(fetchMock)).toEqual(['GET /api/billing/plans']);
  });

  it('starts one checkout at the partner for the price chosen, pending until the browser leaves', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const checkout = heldResponse();
    const fetchMock = stubApi({
      'GET /api/billing/plans': plans,
      'GET /api/billing/subscription': () => jsonResponse(anOverview()),
      'POST /api/billing/checkout': checkout.reply,
    });
    renderApp('/billing', { session: freeSession() });

    const free = await screen.findByRole('article', { name: 'Free' });
    expect(within(free).getByText('Your plan')).toBeTruthy();
    const subscribe = await screen.findByRole('button', { name: 'Subscribe to Premium, Monthly' });
    fireEvent.click(subscribe);
    fireEvent.click(subscribe);
    await waitFor(() => expect(subscribe.hasAttribute('disabled')).toBe(true));
    expect(subscribe.textContent).toBe('Opening secure checkout…');
    expect(screen.getByRole('status').textContent).toBe('Opening secure checkout…');

    await checkout.release(
      jsonResponse(
        {
          id: 'e0000000-0000-4000-8000-000000000041',
          planId: aPremiumPlan().id,
          priceId: priceIds.eurMonth,
          status: 'open',
          url: 'https://pay.example/checkout/cs_1',
          expiresAt: '2026-03-01T01:00:00.000Z',
          createdAt: '2026-03-01T00:00:00.000Z',
        },
        { status: 201 },
      ),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/cs_1'));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(body(posts[0]![1])).toEqual({ priceId: priceIds.eurMonth, locale: 'en' });
    // Still pending while the browser goes: no second checkout from an impatient click.
    expect(subscribe.hasAttribute('disabled')).toBe(true);
  });

  it('says in words why a checkout was refused, and lets the learner try again', async () => {
    stubApi({
      'GET /api/billing/plans': plans,
      'GET /api/billing/subscription': () => jsonResponse(anOverview()),
      'POST /api/billing/checkout': () => problemResponse({ status: 503, code: 'unavailable' }),
    });
    renderApp('/billing', { session: freeSession() });

    fireEvent.click(await screen.findByRole('radio', { name: 'Yearly' }));
    const subscribe = screen.getByRole('button', { name: 'Subscribe to Premium, Yearly' });
    fireEvent.click(subscribe);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The checkout couldn't be opened.");
    expect(alert.textContent).toContain("Questa can't be reached right now.");
    expect(subscribe.hasAttribute('disabled')).toBe(false);
  });

  it('shows a subscriber their plan, price and renewal, and opens the partner’s portal', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubApi({
      'GET /api/billing/plans': plans,
      'GET /api/billing/subscription': () => jsonResponse(anActiveOverview()),
      'GET /api/billing/invoices': () => jsonResponse({ invoices: [anInvoice()] }),
      [`POST /api/billing/subscriptions/${subscriptionId}/portal`]: (_url, init) =>
        // The portal is asked for in the app's language.
        body(init).locale === 'en'
          ? jsonResponse({ url: 'https://pay.example/portal/ps_1' })
          : problemResponse({ status: 400, code: 'validation.failed' }),
    });
    renderApp('/billing', { session: aSessionWithBilling(activeBilling()) });

    const panel = (await screen.findByRole('heading', { name: 'Your subscription' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(panel).getByText('Active')).toBeTruthy();
    expect(within(panel).getByText('Renews on').nextElementSibling?.textContent).toBe(
      'Apr 1, 2026',
    );
    expect(within(panel).getByText('Price').nextElementSibling?.textContent).toBe(
      '€9.00 per month',
    );
    const premium = await screen.findByRole('article', { name: 'Premium' });
    expect(within(premium).getByText('Your plan')).toBeTruthy();
    expect(within(premium).queryByRole('button')).toBeNull();

    const invoices = await screen.findByRole('table', { name: 'Invoices and receipts' });
    expect(
      within(invoices).getByRole('link', { name: 'Receipt for invoice QUESTA-0001' }),
    ).toBeTruthy();
    expect(
      within(invoices)
        .getByRole('link', { name: 'PDF for invoice QUESTA-0001' })
        .getAttribute('href'),
    ).toBe('https://pay.example/invoices/1.pdf');
    expect(within(invoices).getByText('Paid')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/portal/ps_1'));
  });

  it('says premium lasts until the period ends while a cancellation is pending', async () => {
    const billing = activeBilling({
      renewsAt: null,
      endsAt: '2026-04-01T00:00:00.000Z',
      cancelAtPeriodEnd: true,
    });
    stubApi({
      'GET /api/billing/plans': plans,
      'GET /api/billing/subscription': () =>
        jsonResponse(
          anOverview({ billing, subscription: aSubscription({ cancelAtPeriodEnd: true }) }),
        ),
      'GET /api/billing/invoices': () => jsonResponse({ invoices: [] }),
    });
    renderApp('/billing', { session: aSessionWithBilling(billing) });

    expect(await screen.findByText('Premium until Apr 1, 2026.')).toBeTruthy();
    expect(screen.getByText(/won't renew/)).toBeTruthy();
    expect(screen.getByText('Premium until').nextElementSibling?.textContent).toBe('Apr 1, 2026');
    expect(await screen.findByText(/No invoices yet/)).toBeTruthy();
  });

  it('asks a learner whose payment failed to update their card, in the portal', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const billing = activeBilling({
      status: 'past_due',
      pastDue: true,
      renewsAt: null,
      endsAt: '2026-03-08T00:00:00.000Z',
    });
    stubApi({
      'GET /api/billing/plans': plans,
      'GET /api/billing/subscription': () =>
        jsonResponse(anOverview({ billing, subscription: aSubscription({ status: 'past_due' }) })),
      'GET /api/billing/invoices': () =>
        jsonResponse({ invoices: [anInvoice({ status: 'open', amountPaid: 0 })] }),
      [`POST /api/billing/subscriptions/${subscriptionId}/portal`]: () =>
        jsonResponse({ url: 'https://pay.example/portal/ps_2' }),
    });
    renderApp('/billing', { session: aSessionWithBilling(billing) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your last payment failed.');
    expect(alert.textContent).toContain('Premium continues until Mar 8, 2026');
    // The app-wide banner gives way to this page's own, longer word.
    expect(screen.queryByRole('complementary', { name: 'Payment problem' })).toBeNull();
    expect(
      await screen.findByRole('link', { name: 'Pay now for invoice QUESTA-0001' }),
    ).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/portal/ps_2'));
  });

  it('asks the session again when the server knows of a change the session does not', async () => {
    const fetchMock = stubApi({
      'GET /api/billing/plans': plans,
      'GET /api/billing/subscription': () => jsonResponse(anActiveOverview()),
      'GET /api/billing/invoices': () => jsonResponse({ invoices: [] }),
      'GET /api/session': () => jsonResponse(aSessionWithBilling(activeBilling())),
    });
    renderApp('/billing', { session: freeSession() });

    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/session'));
  });

  it('says that leaving the checkout charged nothing', async () => {
    stubApi({
      'GET /api/billing/plans': plans,
      'GET /api/billing/subscription': () => jsonResponse(anOverview()),
    });
    renderApp('/billing?checkout=canceled', { session: freeSession() });
    expect(await screen.findByText(/nothing was charged/)).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Subscribe to Premium, Monthly' }),
    ).toBeTruthy();
  });

  it('confirms the payment after the partner’s checkout, then says premium is active', async () => {
    let landed = false;
    const fetchMock = stubApi({
      'GET /api/billing/subscription': () =>
        jsonResponse(
          landed
            ? anOverview({
                billing: activeBilling({ status: 'trialing' }),
                subscription: aSubscription({
                  status: 'trialing',
                  trialEnd: '2026-03-08T00:00:00.000Z',
                }),
              })
            : anOverview({ billing: aSessionBilling({ status: 'checkout_pending' }) }),
        ),
      'GET /api/session': () => jsonResponse(aSessionWithBilling(activeBilling())),
    });
    renderApp('/billing?checkout=success', { session: freeSession() });

    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    await waitFor(() =>
      expect(
        calls(fetchMock).filter((call) => call === 'GET /api/billing/subscription'),
      ).toHaveLength(2),
    );
    landed = true;
    expect(await screen.findByRole('heading', { name: 'Premium is active' })).toBeTruthy();
    expect(screen.getByText(/Your free trial runs until Mar 8, 2026/)).toBeTruthy();
    // The rest of the app learns of it: the session is asked again.
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/session'));
  });

  it('lets a learner compare the plans from their account, where their plan shows', async () => {
    stubApi({ 'GET /api/account/sessions': () => jsonResponse({ sessions: [] }) });
    renderApp('/account', {
      session: aSessionWithBilling(activeBilling({ interval: 'year' })),
    });
    const plan = (await screen.findByRole('heading', { name: 'Plan' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(plan).getByText('Premium, Yearly')).toBeTruthy();
    expect(within(plan).getByText('Active')).toBeTruthy();
    expect(within(plan).getByText('Renews on').nextElementSibling?.textContent).toBe('Apr 1, 2026');
    expect(
      within(plan).getByRole('link', { name: 'Manage plan and billing' }).getAttribute('href'),
    ).toBe('/billing');
  });

  it('tells a learner with premium from an admin where it comes from, and still offers the plans', async () => {
    const billing = aSessionBilling({ grant: { until: null }, features: activeBilling().features });
    stubApi({
      'GET /api/billing/plans': plans,
      'GET /api/billing/subscription': () => jsonResponse(anOverview({ billing })),
    });
    renderApp('/billing', { session: aSessionWithBilling(billing) });

    const panel = (await screen.findByRole('heading', { name: 'Your subscription' })).closest(
      'section',
    ) as HTMLElement;
    expect(panel.textContent).toContain('An admin gave you premium, with no end date.');
    expect(within(panel).queryByText('Free')).toBeNull();
    const free = await screen.findByRole('article', { name: 'Free' });
    expect(within(free).queryByText('Your plan')).toBeNull();
    expect(screen.getByRole('button', { name: 'Subscribe to Premium, Monthly' })).toBeTruthy();
  });

  it('offers a free learner the plans from their account', async () => {
    stubApi({ 'GET /api/account/sessions': () => jsonResponse({ sessions: [] }) });
    renderApp('/account', { session: { ...aSession(), billing: aSessionBilling() } });
    const plan = (await screen.findByRole('heading', { name: 'Plan' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(plan).getByText('Free')).toBeTruthy();
    expect(within(plan).getByRole('link', { name: 'See premium plans' })).toBeTruthy();
  });
});
