import { renderApp } from '../../testing/render-app';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openAnswerQueue } from '../../features/exams/answer-queue';
import { anAttempt, aReview, attemptId } from '../../features/exams/exam-fixtures';
import { aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const base = `/api/exams/${attemptId}`;
const path = `/exams/${attemptId}`;
const premium = () => ({ ...aSession(), entitlements: { premium: true, host: false } });
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const ack = (position: number) => (_url: URL, init: RequestInit | undefined) =>
  jsonResponse({ position, answer: body(init).answer, savedAt: new Date().toISOString() });

// happy-dom has no IndexedDB: each test gets an empty one of its own.
let factory: IDBFactory;
beforeEach(() => {
  factory = new IDBFactory();
  vi.stubGlobal('indexedDB', factory);
});

async function queued() {
  const queue = await openAnswerQueue(factory);
  const entries = await queue.list(attemptId);
  queue.close();
  return entries;
}

describe('exam page', () => {
  it('shows the clock, the navigator and one question, and saves a choice at once', async () => {
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(anAttempt()),
      [`PUT ${base}/responses/1`]: ack(1),
    });
    renderApp(path, { session: premium() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Full mock exam' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^(30:00|29:59)$/);
    const navigator = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(navigator).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 2, name: 'Question 1 of 3' })).toBeTruthy();
    expect(screen.getByText('Not answered yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Paris' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(body(put?.[1])).toEqual({ answer: { type: 'single_choice', optionId: 'paris' } });
    expect(within(navigator).getByRole('button', { name: /^1\s*, answered$/ })).toBeTruthy();
    expect(within(navigator).getByRole('button', { name: /^2\s*, not answered$/ })).toBeTruthy();
    expect(await queued()).toEqual([]);
  });

  it('moves between questions, and sends typed text when the field is left', async () => {
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(anAttempt()),
      [`PUT ${base}/responses/2`]: ack(2),
    });
    const router = renderApp(path, { session: premium() });

    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Question 2 of 3' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(router.state.location.search).toBe('?question=2');

    const field = screen.getByLabelText('Your answer');
    fireEvent.change(field, { target: { value: 'Rome' } });
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);
    fireEvent.blur(field);

    expect(await screen.findByText('Saved')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(body(put?.[1])).toEqual({ answer: { type: 'short_text', text: 'Rome' } });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 1 of 3' })).toBeTruthy();
  });

  it('keeps answers on the device while the connection is lost, and sends them when it returns', async () => {
    let connected = false;
    stubApi({
      [`GET ${base}`]: () => jsonResponse(anAttempt()),
      [`PUT ${base}/responses/1`]: (url, init) => {
        if (!connected) throw new TypeError('Failed to fetch');
        return ack(1)(url, init);
      },
    });
    renderApp(path, { session: premium() });

    fireEvent.click(await screen.findByRole('radio', { name: 'Paris' }));

    expect(
      await screen.findByText(
        'Connection lost — your answers are kept on this device and will be sent when the connection returns.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Kept on this device, not sent yet')).toBeTruthy();
    expect((await queued()).map((entry) => entry.answer)).toEqual([
      { type: 'single_choice', optionId: 'paris' },
    ]);

    connected = true;
    act(() => void window.dispatchEvent(new Event('online')));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.queryByText(/Connection lost/)).toBeNull();
    expect(await queued()).toEqual([]);
  });

  it('picks up answers this device still holds, over the server’s, and sends them', async () => {
    const queue = await openAnswerQueue(factory);
    await queue.put({
      attemptId,
      position: 3,
      answer: { type: 'true_false', value: true },
      queuedAt: 1,
    });
    queue.close();
    const attempt = anAttempt({
      responses: [
        { position: 1, answer: { type: 'single_choice', optionId: 'berlin' }, savedAt: 'x' },
        { position: 3, answer: { type: 'true_false', value: false }, savedAt: 'x' },
      ],
    });
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(attempt),
      [`PUT ${base}/responses/3`]: ack(3),
    });
    renderApp(`${path}?question=3`, { session: premium() });

    expect(await screen.findByRole('heading', { name: 'Question 3 of 3' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'True' }) as HTMLInputElement).checked).toBe(true);
    const navigator = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(navigator).getByRole('button', { name: /^1\s*, answered$/ })).toBeTruthy();
    expect(within(navigator).getByRole('button', { name: /^3\s*, answered$/ })).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock)).toContain(`PUT ${base}/responses/3`));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(await queued()).toEqual([]);
  });

  it('asks before submitting, says how many are unanswered, then shows the result', async () => {
    const submitted = anAttempt({ state: 'submitted' });
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(anAttempt()),
      [`PUT ${base}/responses/1`]: ack(1),
      [`POST ${base}/submit`]: () => jsonResponse(submitted),
      [`GET ${base}/review`]: () => jsonResponse(aReview()),
    });
    const router = renderApp(path, { session: premium() });

    fireEvent.click(await screen.findByRole('radio', { name: 'Paris' }));
    await screen.findByText('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Submit exam' }));

    const dialog = await screen.findByRole('dialog', { name: 'Submit the exam?' });
    expect(dialog.textContent).toContain('2 questions are not answered yet.');
    expect(calls(fetchMock)).not.toContain(`POST ${base}/submit`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${path}/review`));
    expect(await screen.findByText('Not passed')).toBeTruthy();
  });

  it('shows that the exam has ended when the server refuses an answer as too late', async () => {
    stubApi({
      [`GET ${base}`]: () => jsonResponse(anAttempt()),
      [`PUT ${base}/responses/1`]: () => problemResponse({ status: 409, code: 'exam.expired' }),
    });
    renderApp(path, { session: premium() });

    fireEvent.click(await screen.findByRole('radio', { name: 'Paris' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This exam has ended.');
    expect(within(alert).getByRole('link', { name: 'See your result' })).toBeTruthy();
    expect(screen.getByText('Not saved: the exam had ended.')).toBeTruthy();
    expect(await queued()).toEqual([]);
  });

  it('hands the exam in by itself when time is up, then shows the result', async () => {
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(anAttempt({}, 0)),
      [`POST ${base}/submit`]: () => jsonResponse(anAttempt({ state: 'submitted' })),
      [`GET ${base}/review`]: () => jsonResponse(aReview()),
    });
    const router = renderApp(path, { session: premium() });

    await waitFor(() => expect(router.state.location.pathname).toBe(`${path}/review`));
    expect(calls(fetchMock)).toContain(`POST ${base}/submit`);
  });

  it('goes straight to the result of an attempt that is already over', async () => {
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(anAttempt({ state: 'expired' })),
      [`GET ${base}/review`]: () => jsonResponse(aReview()),
    });
    const router = renderApp(path, { session: premium() });

    await waitFor(() => expect(router.state.location.pathname).toBe(`${path}/review`));
    expect(calls(fetchMock)).not.toContain(`POST ${base}/submit`);
  });

  it('shows the not-found page for another learner’s attempt', async () => {
    stubApi({ [`GET ${base}`]: () => problemResponse({ status: 404, code: 'not_found' }) });
    renderApp(path, { session: premium() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
