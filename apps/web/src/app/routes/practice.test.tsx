import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aGradedAnswer,
  aPracticeItem,
  aPracticeSession,
  aPracticeState,
  sessionId,
} from '../../features/practice/practice-fixtures';
import { pressKeyUntil } from '../../testing/press-key';
import { aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, noContent, problemResponse, stubApi } from '../../testing/stub-fetch';

const base = `/api/practice/sessions/${sessionId}`;
const item = aPracticeItem();
const path = `/practice/${sessionId}`;

const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function answered(optionId: string, correct: boolean) {
  const result = aGradedAnswer({
    correct,
    score: correct ? 1 : 0,
    points: correct ? 1 : 0,
    feedback: {
      type: 'single_choice',
      options: ['berlin', 'paris', 'rome'].map((id) => ({
        optionId: id,
        chosen: id === optionId,
        correct: id === 'paris',
      })),
    },
  });
  return {
    item: { ...item, result, answer: { type: 'single_choice', optionId } },
    session: aPracticeSession({
      answered: 3,
      correct: correct ? 2 : 1,
      allowance: { limit: 20, used: 14, remaining: 6, resetsAt: '2026-03-02T00:00:00.000Z' },
    }),
  };
}

describe('practice page', () => {
  it('shows the bank, the counts, the free allowance and the question', async () => {
    stubApi({ [`GET ${base}`]: () => jsonResponse(aPracticeState()) });
    renderApp(path, { session: aSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'World capitals' })).toBeTruthy();
    expect(screen.getByText('7 of 20 free answers left today')).toBeTruthy();
    const meter = screen.getByRole('progressbar', { name: 'Free answers left today' });
    expect(meter.getAttribute('value')).toBe('7');
    expect(screen.getByRole('heading', { level: 2, name: 'Question 3' })).toBeTruthy();
    expect(screen.getByText('What is the capital of France?')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Choose one answer' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByText('Keyboard:').parentElement?.textContent).toBe(
      'Keyboard: 1–3 choose an option · Enter submits',
    );
    expect(screen.getByRole('button', { name: 'Submit answer' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('shows no allowance to a premium learner', async () => {
    const session = aPracticeSession({
      allowance: { limit: null, used: 40, remaining: null, resetsAt: '2026-03-02T00:00:00.000Z' },
    });
    stubApi({ [`GET ${base}`]: () => jsonResponse(aPracticeState({ session })) });
    renderApp(path, { session: aSession() });

    await screen.findByRole('heading', { level: 2, name: 'Question 3' });
    expect(screen.queryByText(/free answers left/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('answers with the number keys and Enter, shows the feedback, and goes on with Enter', async () => {
    const next = aPracticeState({
      item: aPracticeItem({ id: '17e40000-0000-4000-8000-000000000004', position: 4 }),
    });
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(aPracticeState()),
      [`POST ${base}/items/${item.id}/answer`]: () => jsonResponse(answered('berlin', false)),
      [`POST ${base}/next`]: () => jsonResponse(next),
    });
    renderApp(path, { session: aSession() });
    await screen.findByRole('heading', { level: 2, name: 'Question 3' });

    const checked = (name: RegExp) =>
      (screen.getByRole('radio', { name }) as HTMLInputElement).checked;
    await pressKeyUntil('2', () => expect(checked(/Paris/)).toBe(true));
    // The shortcuts are listening now, so each further key is pressed once.
    fireEvent.keyDown(document.body, { key: '1' });
    expect(checked(/Berlin/)).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Enter' });

    const verdict = await screen.findByText('Wrong');
    const feedback = verdict.closest('section') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(feedback));
    const answer = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/answer'));
    expect(body(answer?.[1])).toEqual({ answer: { type: 'single_choice', optionId: 'berlin' } });

    // Each option is marked in words, not by colour alone.
    const option = (name: RegExp) =>
      within(screen.getByRole('radio', { name }).closest('label') as HTMLElement);
    expect(option(/Berlin/).getByText('Your answer, wrong')).toBeTruthy();
    expect(option(/Paris/).getByText('Correct answer')).toBeTruthy();
    expect(option(/Rome/).queryByText(/answer/)).toBeNull();
    const solution = within(feedback);
    expect(solution.getByText('0 of 1 point')).toBeTruthy();
    expect(solution.getByRole('heading', { name: 'Correct answer' })).toBeTruthy();
    expect(solution.getByText('Paris has been the capital since 987.')).toBeTruthy();
    expect(solution.getByText('This question comes back for review in 10 minutes.')).toBeTruthy();
    expect(screen.getByText('6 of 20 free answers left today')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit answer' })).toBeNull();

    fireEvent.keyDown(feedback, { key: 'Enter' });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Question 4' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls(fetchMock)).toContain(`POST ${base}/next`);
  });

  it('keeps the answer and explains premium when the daily allowance is used up', async () => {
    stubApi({
      [`GET ${base}`]: () => jsonResponse(aPracticeState()),
      [`POST ${base}/items/${item.id}/answer`]: () =>
        problemResponse({ status: 402, code: 'quota.exceeded' }),
    });
    renderApp(path, { session: aSession() });

    fireEvent.click(await screen.findByRole('radio', { name: /Paris/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answer' }));

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: "You've used today's 20 free answers" }));
    expect(notice.textContent).toContain('Your free answers start again in 5 hours');
    expect(notice.textContent).toContain('unlimited practice');
    expect(notice.textContent).toContain('timed mock exams');
    expect(notice.textContent).toContain('the premium question banks');
    expect(
      within(notice).getByRole('link', { name: 'See premium plans' }).getAttribute('href'),
    ).toBe('/billing');
    expect((screen.getByRole('radio', { name: /Paris/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Submit answer' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('submits a typed answer with Enter in its field', async () => {
    const question = {
      type: 'numeric' as const,
      stem: 'How tall is the Eiffel Tower?',
      topic: 'Europe',
      difficulty: 3,
      points: 1,
      media: [],
      unit: 'm',
    };
    const state = aPracticeState({ item: aPracticeItem({ question }) });
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(state),
      [`POST ${base}/items/${item.id}/answer`]: () =>
        problemResponse({ status: 503, code: 'unavailable' }),
    });
    renderApp(path, { session: aSession() });

    const field = await screen.findByLabelText('Your answer in m');
    fireEvent.change(field, { target: { value: 'tall' } });
    expect(screen.getByText('Enter a number, such as 12.5 or 12,5.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '330,5' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);

    expect(await screen.findByText("Questa can't be reached right now. Try again in a moment."));
    const answer = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/answer'));
    expect(body(answer?.[1])).toEqual({ answer: { type: 'numeric', value: 330.5 } });
    expect((screen.getByLabelText('Your answer in m') as HTMLInputElement).value).toBe('330,5');
  });

  it('ends with the session’s score when nothing is left to draw', async () => {
    const last = aPracticeState({
      exhausted: false,
      item: aPracticeItem({ result: aGradedAnswer({ correct: true, score: 1, points: 1 }) }),
    });
    stubApi({
      [`GET ${base}`]: () => jsonResponse(last),
      [`POST ${base}/next`]: () =>
        jsonResponse({
          ...last,
          exhausted: true,
          session: aPracticeSession({ answered: 4, correct: 3 }),
        }),
      [`POST ${base}/finish`]: () =>
        jsonResponse({
          session: aPracticeSession({
            answered: 4,
            correct: 3,
            finishedAt: new Date().toISOString(),
          }),
          topics: [],
          reviews: [],
        }),
    });
    renderApp(path, { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Next question' }));

    expect(
      await screen.findByRole('heading', {
        name: "You've answered every question in this selection",
      }),
    ).toBeTruthy();
    expect(screen.getByText('3 of 4 answers correct (75 %)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the bank' }).getAttribute('href')).toBe(
      `/banks/${aPracticeSession().bankId}`,
    );
    expect(screen.getByRole('link', { name: 'Your reviews' }).getAttribute('href')).toBe('/review');
  });

  it('finishes early with a summary by topic and when each question comes back', async () => {
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(aPracticeState()),
      [`POST ${base}/finish`]: () =>
        jsonResponse({
          session: aPracticeSession({
            answered: 3,
            correct: 2,
            finishedAt: new Date().toISOString(),
          }),
          topics: [
            { topic: 'Europe', answered: 2, correct: 2 },
            { topic: 'Asia', answered: 1, correct: 0 },
          ],
          reviews: [
            {
              questionId: '5d0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3',
              topic: 'Asia',
              excerpt: 'What is the capital of Japan?',
              points: 0,
              maxPoints: 1,
              due: inAWeek,
            },
            {
              questionId: '5d0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c4',
              topic: 'Europe',
              // An essay the learner rated "Partly": half its points.
              excerpt: 'Why did Rome grow?',
              points: 1,
              maxPoints: 2,
              due: inAWeek,
            },
          ],
        }),
    });
    renderApp(path, { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Finish practice' }));

    const heading = await screen.findByRole('heading', { name: 'Practice finished' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(await screen.findByText('2 of 3 answers correct (67 %)')).toBeTruthy();
    const topics = await screen.findByRole('table', { name: 'By topic' });
    expect(within(topics).getByRole('rowheader', { name: 'Asia' })).toBeTruthy();
    const reviews = screen.getByRole('table', { name: 'Coming back for review' });
    expect(within(reviews).getByText('What is the capital of Japan?')).toBeTruthy();
    expect(within(reviews).getAllByText('in 7 days')).toHaveLength(2);
    const [japan, rome] = within(reviews).getAllByRole('row').slice(1);
    expect(japan!.textContent).toContain('(Wrong)');
    expect(rome!.textContent).toContain('(Partly right)');
    expect(calls(fetchMock)).not.toContain(`POST ${base}/next`);
    expect(calls(fetchMock)).not.toContain(`GET ${base}/summary`);
  });

  it('shows the summary, not a question, when the session was finished before', async () => {
    const finished = aPracticeState({
      session: aPracticeSession({
        answered: 2,
        correct: 1,
        finishedAt: '2026-03-01T10:30:00.000Z',
      }),
    });
    stubApi({
      [`GET ${base}`]: () => jsonResponse(finished),
      [`GET ${base}/summary`]: () =>
        jsonResponse({ session: finished.session, topics: [], reviews: [] }),
    });
    renderApp(path, { session: aSession() });

    expect(await screen.findByRole('heading', { name: 'Practice finished' })).toBeTruthy();
    expect(screen.getByText('1 of 2 answers correct (50 %)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Finish practice' })).toBeNull();
  });

  it('stays on the question and says why when the session cannot be finished', async () => {
    stubApi({
      [`GET ${base}`]: () => jsonResponse(aPracticeState()),
      [`POST ${base}/finish`]: () => problemResponse({ status: 503, code: 'unavailable' }),
    });
    renderApp(path, { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Finish practice' }));

    expect(await screen.findByText('The session could not be finished. Try again.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Question 3' })).toBeTruthy();
  });

  it('bookmarks the question with a star that says whether it is pressed', async () => {
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(aPracticeState()),
      [`PUT ${base}/items/${item.id}/bookmark`]: () => noContent(),
    });
    renderApp(path, { session: aSession() });

    const star = await screen.findByRole('button', { name: 'Bookmark' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(`PUT ${base}/items/${item.id}/bookmark`),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(body(put?.[1])).toEqual({ bookmarked: true });
  });

  it('puts the star back when the bookmark cannot be saved', async () => {
    stubApi({
      [`GET ${base}`]: () => jsonResponse(aPracticeState()),
      [`PUT ${base}/items/${item.id}/bookmark`]: () =>
        problemResponse({ status: 503, code: 'unavailable' }),
    });
    renderApp(path, { session: aSession() });

    const star = await screen.findByRole('button', { name: 'Bookmark' });
    fireEvent.click(star);
    expect(await screen.findByText('The bookmark could not be saved. Try again.')).toBeTruthy();
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it('renders a Markdown stem with the lazily loaded renderer', async () => {
    const question = { ...item.question, stem: 'Which city is **the capital** of $x$?' };
    stubApi({
      [`GET ${base}`]: () => jsonResponse(aPracticeState({ item: aPracticeItem({ question }) })),
    });
    renderApp(path, { session: aSession() });

    const strong = await screen.findByText('the capital', { selector: 'strong' });
    expect(strong.closest('.markdown')?.querySelector('.katex')).toBeTruthy();
  });

  it('explains a failure to load with a retry, and shows not-found for an unknown session', async () => {
    let tries = 0;
    stubApi({
      [`GET ${base}`]: () =>
        ++tries === 1
          ? problemResponse({ status: 503, code: 'unavailable' })
          : jsonResponse(aPracticeState()),
    });
    renderApp(path, { session: aSession() });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This practice session could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 3' })).toBeTruthy();
  });

  it('shows the not-found page for a session that is not there', async () => {
    stubApi({});
    renderApp(path, { session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
