import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerBlueprint } from '@questa/contracts';
import { aBlueprint, anAttempt, attemptId, bankId } from '../../features/exams/exam-fixtures';
import { aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const path = `/banks/${bankId}/exams/b1`;
const api = `GET /api/banks/${bankId}/blueprints/b1`;
const premium = () => ({ ...aSession(), entitlements: { premium: true, host: false } });
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function aLearnerBlueprint(overrides: Partial<LearnerBlueprint> = {}): LearnerBlueprint {
  return {
    ...aBlueprint({ id: 'b1', title: 'Quick check', reviewPolicy: 'responses' }),
    extraTimePercent: 25,
    learnerTimeLimitSeconds: 2250,
    ...overrides,
  };
}

describe('exam start page', () => {
  it('says how long, how many questions, the pass mark and what the clock does, before it runs', async () => {
    const fetchMock = stubApi({ [api]: () => jsonResponse(aLearnerBlueprint()) });
    renderApp(path, { session: premium() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Quick check' })).toBeTruthy();
    const facts = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(facts('Questions')).toBe('20');
    expect(facts('Time limit')).toBe('37 min 30 s including your 25 % extra time');
    expect(facts('Pass mark')).toBe('60 %');
    expect(facts('Afterwards you see')).toBe('Your score and which answers were right');
    expect(screen.getByText(/It cannot be paused/)).toBeTruthy();
    expect(
      screen.getByText(/At the deadline, the answers you have given are submitted/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the bank' })).toHaveProperty(
      'pathname',
      `/banks/${bankId}`,
    );
    expect(calls(fetchMock)).not.toContain('POST /api/exams');
  });

  it('starts the attempt only on Start, and opens it', async () => {
    const fetchMock = stubApi({
      [api]: () => jsonResponse(aLearnerBlueprint({ extraTimePercent: 0 })),
      'POST /api/exams': () => jsonResponse(anAttempt(), { status: 201 }),
      [`GET /api/exams/${attemptId}`]: () => jsonResponse(anAttempt()),
    });
    const router = renderApp(path, { session: premium() });

    fireEvent.click(await screen.findByRole('button', { name: 'Start the exam' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/exams/${attemptId}`));
    const start = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(body(start?.[1])).toEqual({ bankId, blueprintId: 'b1' });
  });

  it('keeps Start off without premium, says why and shows the way to the plans', async () => {
    const fetchMock = stubApi({ [api]: () => jsonResponse(aLearnerBlueprint()) });
    renderApp(path, { session: aSession() });

    const start = await screen.findByRole('button', { name: 'Start the exam' });
    expect(start.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(start.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Exam mode is part of premium.');
    expect(screen.getByRole('link', { name: 'See premium plans' })).toBeTruthy();
    fireEvent.click(start);
    expect(calls(fetchMock)).not.toContain('POST /api/exams');
  });

  it('explains a start the server refuses, with the way to the plans', async () => {
    stubApi({
      [api]: () => jsonResponse(aLearnerBlueprint()),
      'POST /api/exams': () => problemResponse({ status: 402, code: 'payment.required' }),
    });
    // The session still says premium (it lapsed a moment ago); the server knows better.
    renderApp(path, { session: premium() });

    fireEvent.click(await screen.findByRole('button', { name: 'Start the exam' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Exam mode needs premium.');
    expect(within(alert).getByRole('link', { name: 'See premium plans' })).toBeTruthy();
  });

  it('shows the not-found page for an exam the bank does not have', async () => {
    stubApi({ [api]: () => problemResponse({ status: 404, code: 'not_found' }) });
    renderApp(path, { session: premium() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
