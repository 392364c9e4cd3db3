import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  ChallengeOutcome,
  ChallengeQuestion,
  ChallengeState,
  ChallengeSummary,
  LearnerQuestion,
} from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { aSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';

const challengeId = 'c4a11e00-0000-4000-8000-000000000001';
const base = `/api/challenges/${challengeId}`;

const capital: LearnerQuestion = {
  type: 'single_choice',
  stem: 'What is the capital of France?',
  topic: 'Europe',
  difficulty: 2,
  points: 1,
  media: [],
  options: [
    { id: 'berlin', text: 'Berlin' },
    { id: 'paris', text: 'Paris' },
    { id: 'rome', text: 'Rome' },
  ],
};

const aQuestion = (overrides: Partial<ChallengeQuestion> = {}): ChallengeQuestion => ({
  id: 'c4a11e00-0000-4000-8000-000000000011',
  position: 1,
  question: capital,
  passage: null,
  servedAt: '2026-03-01T10:00:00.000Z',
  remainingMs: 20_000,
  answer: null,
  outcome: null,
  ...overrides,
});

const aState = (overrides: Partial<ChallengeState> = {}): ChallengeState => ({
  id: challengeId,
  assignmentId: 'a5500000-0000-4000-8000-000000000001',
  title: 'Capitals challenge',
  questionCount: 2,
  limitMs: 20_000,
  current: null,
  points: 0,
  streak: 0,
  finishedAt: null,
  ...overrides,
});

const rightOutcome: ChallengeOutcome = {
  correct: true,
  timedOut: false,
  points: 950,
  streak: 1,
  elapsedMs: 2_000,
  feedback: {
    type: 'single_choice',
    options: ['berlin', 'paris', 'rome'].map((id) => ({
      optionId: id,
      chosen: id === 'paris',
      correct: id === 'paris',
    })),
  },
  correctAnswer: { type: 'single_choice', optionId: 'paris' },
};

const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('challenge play screen', () => {
  it('starts, times and scores each question, then shows the points and the place in the class', async () => {
    const first = aQuestion();
    const second = aQuestion({ id: 'c4a11e00-0000-4000-8000-000000000012', position: 2 });
    const summary: ChallengeSummary = {
      id: challengeId,
      assignmentId: aState().assignmentId,
      title: 'Capitals challenge',
      questionCount: 2,
      correct: 1,
      points: 950,
      maxPoints: 2100,
      score: 0.5,
      late: false,
      rank: 2,
      finishedAttempts: 5,
      finishedAt: '2026-03-01T10:01:00.000Z',
    };
    let served = 0;
    const fetchMock = stubApi({
      [`GET ${base}`]: () => jsonResponse(aState()),
      [`POST ${base}/next`]: () => {
        served += 1;
        if (served === 1) return jsonResponse(aState({ current: first }));
        if (served === 2) return jsonResponse(aState({ current: second, points: 950, streak: 1 }));
        return jsonResponse(aState({ points: 950, finishedAt: summary.finishedAt }));
      },
      [`POST ${base}/items/${first.id}/answer`]: () =>
        jsonResponse(
          aState({
            current: {
              ...first,
              answer: { type: 'single_choice', optionId: 'paris' },
              outcome: rightOutcome,
            },
            points: 950,
            streak: 1,
          }),
        ),
      [`POST ${base}/items/${second.id}/answer`]: () =>
        jsonResponse(
          aState({
            current: {
              ...second,
              answer: { type: 'single_choice', optionId: 'rome' },
              outcome: {
                ...rightOutcome,
                correct: false,
                points: 0,
                streak: 0,
                feedback: {
                  type: 'single_choice',
                  options: ['berlin', 'paris', 'rome'].map((id) => ({
                    optionId: id,
                    chosen: id === 'rome',
                    correct: id === 'paris',
                  })),
                },
              },
            },
            points: 950,
          }),
        ),
      [`GET ${base}/summary`]: () => jsonResponse(summary),
    });
    renderApp(`/challenges/${challengeId}`, { session: aSession() });

    expect(await screen.findByRole('heading', { name: 'Ready?' })).toBeTruthy();
    expect(screen.getByText(/2 questions, each with 20 seconds on the clock/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start the challenge' }));

    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^(20|19)$/);
    fireEvent.click(screen.getByRole('radio', { name: /Paris/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    expect(await screen.findByText('Right!')).toBeTruthy();
    expect(screen.getByText('+950 points')).toBeTruthy();
    const answered = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith(`/items/${first.id}/answer`),
    );
    expect(body(answered?.[1])).toEqual({ answer: { type: 'single_choice', optionId: 'paris' } });
    // The timer stops with the answer: the server has scored it.
    expect(screen.queryByRole('timer')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeTruthy();
    expect(screen.getByText('950 points')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Rome/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    expect(await screen.findByText('Not right')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'See your result' }));
    const done = await screen.findByRole('heading', { name: 'Challenge complete' });
    const section = within(done.closest('section')!);
    expect(section.getByText('950 of 2,100 points')).toBeTruthy();
    expect(section.getByText('1 of 2 questions right')).toBeTruthy();
    expect(section.getByText('Place 2 of 5 finished attempts in your class so far')).toBeTruthy();
    expect(section.getByText('Score in the gradebook: 50%')).toBeTruthy();
    expect(calls(fetchMock)).toContain(`GET ${base}/summary`);
  });

  it('resumes the question being played with the time the server says is left', async () => {
    stubApi({
      [`GET ${base}`]: () =>
        jsonResponse(aState({ current: aQuestion({ remainingMs: 7_000 }), points: 0 })),
    });
    renderApp(`/challenges/${challengeId}`, { session: aSession() });
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^(7|6)$/);
    expect(screen.getByRole('radio', { name: /Paris/ })).toBeTruthy();
  });

  it('closes the question when the timer has run out, and shows the server’s refusal as time up', async () => {
    let timedOut = false;
    const question = aQuestion({ remainingMs: 2_500 });
    stubApi({
      [`GET ${base}`]: () =>
        jsonResponse(
          aState({
            current: timedOut
              ? {
                  ...question,
                  remainingMs: 0,
                  outcome: {
                    correct: false,
                    timedOut: true,
                    points: 0,
                    streak: 0,
                    elapsedMs: null,
                    feedback: null,
                    correctAnswer: null,
                  },
                }
              : question,
          }),
        ),
      [`POST ${base}/items/${question.id}/answer`]: () => {
        timedOut = true;
        return problemResponse({ status: 409, code: 'challenge.time_up' });
      },
    });
    renderApp(`/challenges/${challengeId}`, { session: aSession() });
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Paris/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    expect(await screen.findByText('Time ran out')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next question' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Paris/ }) as HTMLInputElement).disabled).toBe(
        true,
      ),
    );
  });

  it('shows the timer running out on its own: no answer can be sent after it', async () => {
    stubApi({
      [`GET ${base}`]: () => jsonResponse(aState({ current: aQuestion({ remainingMs: 0 }) })),
    });
    renderApp(`/challenges/${challengeId}`, { session: aSession() });
    expect(await screen.findByText('Time ran out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Answer' })).toBeNull();
  });
});
