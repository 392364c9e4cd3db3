import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aBlueprint } from '../../features/exams/exam-fixtures';
import { aPracticeState, sessionId } from '../../features/practice/practice-fixtures';
import { aBankDetail } from '../../testing/catalog-fixtures';
import { aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const bank = aBankDetail();
const path = `/banks/${bank.id}`;
const premium = () => ({ ...aSession(), entitlements: { premium: true, host: false } });
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('starting on a bank', () => {
  it('asks a visitor to sign in, and comes back to the bank', async () => {
    const fetchMock = stubApi({ [`GET /api/catalog/banks/${bank.id}`]: () => jsonResponse(bank) });
    renderApp(path);

    const practise = await screen.findByRole('link', { name: 'Sign in to practise' });
    expect(practise.getAttribute('href')).toBe(
      `/api/auth/login?returnTo=${encodeURIComponent(path)}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in to take an exam' })).toBeTruthy();
    expect(calls(fetchMock)).toEqual([`GET /api/catalog/banks/${bank.id}`]);
  });

  it('practises the topics and difficulties chosen, and opens the session', async () => {
    const fetchMock = stubApi({
      [`GET /api/catalog/banks/${bank.id}`]: () => jsonResponse(bank),
      [`GET /api/banks/${bank.id}/blueprints`]: () => jsonResponse({ blueprints: [] }),
      'POST /api/practice/sessions': () => jsonResponse(aPracticeState(), { status: 201 }),
    });
    const router = renderApp(path, { session: aSession() });

    const topics = await screen.findByRole('group', { name: 'Topics' });
    const europe = within(topics).getByRole('checkbox', { name: /Europe/ }) as HTMLInputElement;
    expect(europe.checked).toBe(true);
    fireEvent.click(within(topics).getByRole('checkbox', { name: /Africa/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: '5 (hardest)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start practising' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/practice/${sessionId}`));
    const start = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(body(start?.[1])).toEqual({
      bankId: bank.id,
      topics: ['Europe'],
      difficulties: [1, 2, 3, 4],
    });
    // The session the server sent is shown without asking for it again.
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 3' })).toBeTruthy();
    expect(calls(fetchMock)).not.toContain(`GET /api/practice/sessions/${sessionId}`);
  });

  it('sends "every topic" as no filter, and needs at least one topic', async () => {
    const fetchMock = stubApi({
      [`GET /api/catalog/banks/${bank.id}`]: () => jsonResponse(bank),
      [`GET /api/banks/${bank.id}/blueprints`]: () => jsonResponse({ blueprints: [] }),
      'POST /api/practice/sessions': () => jsonResponse(aPracticeState(), { status: 201 }),
    });
    renderApp(path, { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Clear all topics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start practising' }));
    expect(await screen.findByText('Choose at least one topic.')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('POST /api/practice/sessions');

    fireEvent.click(screen.getByRole('button', { name: 'Choose all topics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start practising' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/practice/sessions'));
    const start = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(body(start?.[1])).toMatchObject({ topics: [], difficulties: [] });
  });

  it('shows a free learner what premium gives on a premium bank, instead of a start that fails', async () => {
    const premiumBank = aBankDetail({ visibility: 'premium' });
    const fetchMock = stubApi({
      [`GET /api/catalog/banks/${bank.id}`]: () => jsonResponse(premiumBank),
      [`GET /api/banks/${bank.id}/blueprints`]: () =>
        problemResponse({ status: 402, code: 'payment.required' }),
    });
    const router = renderApp(path, { session: aSession() });

    const practice = (await screen.findByRole('heading', { name: 'Practise' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(practice).findByText('Practising this bank needs premium.')).toBeTruthy();
    expect(within(practice).queryByRole('button', { name: 'Start practising' })).toBeNull();
    // What premium gives is said once on the page, beside the exams.
    const exams = screen
      .getByRole('heading', { name: 'Take an exam' })
      .closest('section') as HTMLElement;
    expect(practice.textContent).not.toContain('the premium question banks');
    expect(await within(exams).findByText('the premium question banks')).toBeTruthy();
    fireEvent.click(within(practice).getByRole('link', { name: 'See premium plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(calls(fetchMock)).not.toContain('POST /api/practice/sessions');
  });

  it('says a premium bank needs premium, with the way to the plans, when the server refuses', async () => {
    const premiumBank = aBankDetail({ visibility: 'premium' });
    stubApi({
      [`GET /api/catalog/banks/${bank.id}`]: () => jsonResponse(premiumBank),
      [`GET /api/banks/${bank.id}/blueprints`]: () => jsonResponse({ blueprints: [] }),
      'POST /api/practice/sessions': () =>
        problemResponse({ status: 402, code: 'payment.required' }),
    });
    // The session still says premium (it lapsed a moment ago); the server knows better.
    renderApp(path, { session: premium() });

    fireEvent.click(await screen.findByRole('button', { name: 'Start practising' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This is a premium bank, and practising it needs premium.');
    expect(
      within(alert).getByRole('link', { name: 'See premium plans' }).getAttribute('href'),
    ).toBe('/billing');
  });

  it('lists the bank’s exams to a free learner as premium-only, with the way to the plans', async () => {
    const fetchMock = stubApi({
      [`GET /api/catalog/banks/${bank.id}`]: () => jsonResponse(bank),
      [`GET /api/banks/${bank.id}/blueprints`]: () =>
        jsonResponse({
          blueprints: [
            aBlueprint(),
            aBlueprint({
              id: 'b1',
              title: 'Quick check',
              questionCount: 5,
              timeLimitSeconds: 450,
              passMark: 0.8,
            }),
          ],
        }),
    });
    renderApp(path, { session: aSession() });

    const exams = (await screen.findByRole('heading', { name: 'Take an exam' })).closest(
      'section',
    ) as HTMLElement;
    const panel = within(exams);
    expect(await panel.findByText('20 questions · 30 minutes · pass mark 60 %')).toBeTruthy();
    expect(panel.getByText('5 questions · 8 minutes · pass mark 80 %')).toBeTruthy();
    expect(panel.getByText('Premium only')).toBeTruthy();
    const start = panel.getByRole('button', { name: 'Start exam: Quick check' });
    // Off before the click, and it says why.
    expect(start.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(start.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Exam mode is part of premium.');
    expect(panel.getByRole('link', { name: 'See premium plans' }).getAttribute('href')).toBe(
      '/billing',
    );
    fireEvent.click(start);
    expect(calls(fetchMock)).not.toContain('POST /api/exams');
  });

  it('leads a premium learner to each exam’s start page, where nothing has started yet', async () => {
    const fetchMock = stubApi({
      [`GET /api/catalog/banks/${bank.id}`]: () => jsonResponse(bank),
      [`GET /api/banks/${bank.id}/blueprints`]: () =>
        jsonResponse({
          blueprints: [aBlueprint(), aBlueprint({ id: 'b1', title: 'Quick check' })],
        }),
    });
    renderApp(path, { session: premium() });

    const open = await screen.findByRole('link', { name: 'Take this exam: Quick check' });
    expect(open.getAttribute('href')).toBe(`/banks/${bank.id}/exams/b1`);
    expect(screen.queryByText('Exam mode is part of premium.')).toBeNull();
    expect(calls(fetchMock)).not.toContain('POST /api/exams');
  });
});
