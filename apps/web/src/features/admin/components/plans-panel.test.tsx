import { renderApp } from '../../../testing/render-app';
import type { Plan, PlanUpdate } from '@questa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aFreePlan, aPlan, aPrice, planId } from '../../../testing/admin-billing-fixtures';
import { anAdminSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';

function bodyOf(fetchMock: ReturnType<typeof stubApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => url === path && (init?.method ?? 'GET') === method,
  );
  if (!call) throw new Error(`No ${method} ${path}; calls: ${calls(fetchMock).join(', ')}`);
  return JSON.parse(String(call[1]?.body));
}

/** An API whose plans change as they are created and changed, as the server would. */
function stubPlans(initial: Plan[] = [aFreePlan(), aPlan()]) {
  let plans = initial;
  return stubApi({
    'GET /api/admin/billing/plans': () => jsonResponse({ plans }),
    'POST /api/admin/billing/plans': (_url, init) => {
      const input = JSON.parse(String(init?.body)) as Plan;
      const created = aPlan({
        ...input,
        id: '9e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
        prices: [aPrice({ ...input.prices[0], id: '9f3e4d5c-6b7a-4899-8a1b-2c3d4e5f6a7b' })],
      });
      plans = [...plans, created];
      return jsonResponse(created, { status: 201 });
    },
    [`PATCH /api/admin/billing/plans/${planId}`]: (_url, init) => {
      const change = JSON.parse(String(init?.body)) as PlanUpdate;
      const plan = plans.find((p) => p.id === planId)!;
      const updated: Plan = {
        ...plan,
        name: change.name ?? plan.name,
        active: change.active ?? plan.active,
        prices: plan.prices.map((p) => (change.active === false ? { ...p, active: false } : p)),
      };
      plans = plans.map((p) => (p.id === planId ? updated : p));
      return jsonResponse(updated);
    },
  });
}

const cardOf = (name: string) => within(screen.getByRole('article', { name }) as HTMLElement);

describe('admin billing: plans', () => {
  it('shows each plan’s prices, trial and what it unlocks, hosting with its player limit', async () => {
    stubPlans([
      aFreePlan(),
      aPlan({ prices: [...aPlan().prices, aPrice({ id: 'a-old', amount: 800, active: false })] }),
    ]);
    renderApp('/admin?tab=plans', { session: anAdminSession() });

    await screen.findByRole('article', { name: 'Premium' });
    const premium = cardOf('Premium');
    expect(premium.getByText('On sale')).toBeTruthy();
    expect(premium.getByText('€9.00 a month')).toBeTruthy();
    expect(premium.getByText('€90.00 a year')).toBeTruthy();
    expect(premium.getByText('7 days')).toBeTruthy();
    expect(premium.getByText('Hosting live rooms of up to 100 players')).toBeTruthy();
    expect(premium.getByText('Timed exams')).toBeTruthy();
    expect(premium.getByText('1 earlier price')).toBeTruthy();
    expect(cardOf('Free').getByText('The free daily allowance')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Plans' }).getAttribute('aria-selected')).toBe('true');
  });

  it('creates a plan with its prices and features, and says so', async () => {
    const fetchMock = stubPlans();
    renderApp('/admin?tab=plans', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const form = within(await screen.findByRole('form', { name: 'New plan' }));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Classroom' } });
    fireEvent.change(form.getByLabelText('Trial'), { target: { value: '0' } });
    fireEvent.click(form.getByLabelText('Premium banks'));
    fireEvent.click(form.getByLabelText('Hosting live rooms'));
    fireEvent.change(form.getByLabelText('Players per room'), { target: { value: '40' } });
    // A price left empty is refused before anything is sent.
    fireEvent.click(form.getByRole('button', { name: 'Create plan' }));
    expect(await form.findByText('Enter an amount above zero, such as 9.50.')).toBeTruthy();
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(form.getByLabelText('Amount'), { target: { value: '15,50' } });
    fireEvent.click(form.getByRole('button', { name: 'Add a price' }));
    const intervals = form.getAllByLabelText('Billed');
    fireEvent.change(intervals[1]!, { target: { value: 'year' } });
    fireEvent.change(form.getAllByLabelText('Amount')[1]!, { target: { value: '150' } });
    fireEvent.click(form.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByText('Plan “Classroom” created.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/admin/billing/plans')).toEqual({
      name: 'Classroom',
      description: '',
      trialDays: 0,
      features: {
        premiumBanks: true,
        unlimitedPractice: false,
        exams: false,
        detailedAnalytics: false,
        hostLiveRooms: true,
        livePlayerLimit: 40,
      },
      prices: [
        { currency: 'eur', interval: 'month', amount: 1550 },
        { currency: 'eur', interval: 'year', amount: 15000 },
      ],
    });
    expect(await screen.findByRole('article', { name: 'Classroom' })).toBeTruthy();
  });

  it('says before saving that a changed price is a new one and the old one is archived', async () => {
    const fetchMock = stubPlans();
    renderApp('/admin?tab=plans', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Change plan Premium' }));
    const form = within(await screen.findByRole('form', { name: 'Change Premium' }));
    expect(form.queryByRole('note')).toBeNull();
    fireEvent.change(form.getAllByLabelText('Amount')[0]!, { target: { value: '10.00' } });

    const note = await form.findByRole('note');
    expect(note.textContent).toContain(
      'replace €9.00 a month with a new price of €10.00 a month and archive the old one. Current subscribers keep paying €9.00 a month',
    );
    fireEvent.click(form.getByRole('button', { name: 'Remove price 2' }));
    await waitFor(() =>
      expect(form.getByRole('note').textContent).toContain('archive €90.00 a year'),
    );
    expect(calls(fetchMock).some((call) => call.startsWith('PATCH'))).toBe(false);

    fireEvent.click(form.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Plan “Premium” saved.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PATCH', `/api/admin/billing/plans/${planId}`)).toMatchObject({
      prices: [{ currency: 'eur', interval: 'month', amount: 1000 }],
    });
  });

  it('asks before withdrawing a plan from sale, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const fetchMock = stubApi({
      'GET /api/admin/billing/plans': () => jsonResponse({ plans: [aPlan()] }),
      [`PATCH /api/admin/billing/plans/${planId}`]: () =>
        refuse
          ? problemResponse({ status: 503, code: 'unavailable' })
          : jsonResponse(aPlan({ active: false })),
    });
    renderApp('/admin?tab=plans', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw from sale: Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Premium from sale?' });
    expect(dialog.textContent).toContain('Current subscribers keep the plan until they cancel.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw from sale' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      "Questa can't be reached right now.",
    );

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw from sale' }));
    expect(await screen.findByText('Plan “Premium” withdrawn from sale.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PATCH', `/api/admin/billing/plans/${planId}`)).toEqual({
      active: false,
    });
  });

  it('shows what the server refused when a save fails, keeping what was typed', async () => {
    stubApi({
      'GET /api/admin/billing/plans': () => jsonResponse({ plans: [aPlan()] }),
      'POST /api/admin/billing/plans': () =>
        problemResponse({
          status: 400,
          code: 'validation.failed',
          errors: [
            { field: 'body.prices', message: 'may hold one price per currency and interval' },
          ],
        }),
    });
    renderApp('/admin?tab=plans', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const form = within(await screen.findByRole('form', { name: 'New plan' }));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Team' } });
    fireEvent.change(form.getByLabelText('Amount'), { target: { value: '20' } });
    fireEvent.click(form.getByRole('button', { name: 'Create plan' }));

    expect((await form.findByRole('alert')).textContent).toContain('The plan could not be saved.');
    expect(form.getByText('may hold one price per currency and interval')).toBeTruthy();
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Team');
  });
});
