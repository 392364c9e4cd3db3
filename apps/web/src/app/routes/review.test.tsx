import { renderApp } from '../../testing/render-app';
import type { GradedAnswer, ReviewQueue, ReviewQueueCard } from '@questa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pressKeyUntil } from '../../testing/press-key';
import { aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function aCard(overrides: Partial<ReviewQueueCard> = {}): ReviewQueueCard {
  return {
    id: '0b5a1c6e-1111-4111-8111-111111111111',
    questionId: '5e0d9c8b-7a69-4584-9372-615049382716',
    bankId: '7d1f3c2e-7a43-4c55-9a8f-1f0a2b3c4d5e',
    bankTitle: 'World capitals',
    state: 'review',
    due: inMinutes(-60),
    reps: 3,
    lapses: 0,
    passage: null,
    question: {
      type: 'single_choice',
      stem: 'What is the capital of France?',
      topic: 'Europe',
      difficulty: 2,
      points: 1,
      media: [],
      options: [
        { id: 'o1', text: 'Lyon' },
        { id: 'o2', text: 'Paris' },
      ],
    },
    ...overrides,
  };
}

const second = aCard({
  id: '0b5a1c6e-2222-4222-8222-222222222222',
  state: 'new',
  question: {
    type: 'true_false',
    stem: 'Madrid is in Spain.',
    topic: 'Europe',
    difficulty: 1,
    points: 1,
    media: [],
  },
});

function aQueue(overrides: Partial<ReviewQueue> = {}): ReviewQueue {
  return {
    cards: [aCard(), second],
    dueCount: 1,
    newToday: 1,
    newLimit: 10,
    nextDue: null,
    totals: { new: 4, learning: 1, review: 6, relearning: 0 },
    ...overrides,
  };
}

function wrongAnswer(): GradedAnswer {
  return {
    correct: false,
    score: 0,
    points: 0,
    maxPoints: 1,
    feedback: {
      type: 'single_choice',
      options: [
        { optionId: 'o1', chosen: true, correct: false },
        { optionId: 'o2', chosen: false, correct: true },
      ],
    },
    correctAnswer: { type: 'single_choice', optionId: 'o2' },
    explanation: 'Paris has been the capital since 508.',
    card: { state: 'relearning', due: inMinutes(10) },
  };
}

describe('review page', () => {
  it('shows the counts, takes an answer by keyboard, and explains the result', async () => {
    let queue = aQueue();
    const fetchMock = stubApi({
      'GET /api/review/queue': () => jsonResponse(queue),
      [`POST /api/review/cards/${aCard().id}/answer`]: () => {
        queue = aQueue({ cards: [second], dueCount: 0 });
        return jsonResponse(wrongAnswer());
      },
    });
    renderApp('/review', { session: aSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeTruthy();
    const counts = await screen.findByRole('region', { name: 'Your cards' });
    expect(within(counts).getByText('Due now').nextElementSibling?.textContent).toBe('1');
    expect(within(counts).getByText('1 of 10')).toBeTruthy();
    expect(within(counts).getByText('Review: 6')).toBeTruthy();
    expect(within(counts).getByText('Learning: 1')).toBeTruthy();

    const card = screen.getByRole('article', { name: 'Card 1 of 2' });
    expect(await within(card).findByText('What is the capital of France?')).toBeTruthy();
    const submit = within(card).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await pressKeyUntil('1', () =>
      expect((within(card).getByRole('radio', { name: /Lyon/ }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    fireEvent.keyDown(document.body, { key: 'Enter' });

    const verdict = await within(card).findByRole('heading', { name: 'Wrong 0 of 1 point' });
    await waitFor(() => expect(document.activeElement).toBe(verdict));
    expect(within(card).getByText('Your answer, wrong')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Correct answer' })).toBeTruthy();
    expect(await within(card).findByText('Paris has been the capital since 508.')).toBeTruthy();
    expect(within(card).getByText('Next review in 10 minutes.')).toBeTruthy();

    const request = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/answer'));
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({
      answer: { type: 'single_choice', optionId: 'o1' },
    });
    // The counts follow the answer; the cards of this pass stay as they were.
    await waitFor(() =>
      expect(within(counts).getByText('Due now').nextElementSibling?.textContent).toBe('0'),
    );

    fireEvent.keyDown(verdict, { key: 'Enter' });
    const next = await screen.findByRole('article', { name: 'Card 2 of 2' });
    expect(within(next).getByText('Madrid is in Spain.')).toBeTruthy();
    expect(within(next).getByText('New')).toBeTruthy();
    expect(calls(fetchMock).filter((call) => call.startsWith('POST'))).toHaveLength(1);
  });

  it('shows a card about a passage beside its passage', async () => {
    const passage = {
      id: '3c9e1f0a-2222-4222-8222-222222222222',
      version: 2,
      title: 'The Nile at Aswan',
      body: 'The Aswan High Dam was finished in **1970**.',
      media: [],
    };
    stubApi({
      'GET /api/review/queue': () => jsonResponse(aQueue({ cards: [aCard({ passage })] })),
    });
    renderApp('/review', { session: aSession() });

    const shown = await screen.findByRole('region', { name: 'Passage: The Nile at Aswan' });
    expect(await within(shown).findByText('1970')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Card 1 of 1' })).toBeTruthy();
  });

  it('says when the next card is due when nothing is due, with a way to practise', async () => {
    stubApi({
      'GET /api/review/queue': () =>
        jsonResponse(aQueue({ cards: [], dueCount: 0, nextDue: inMinutes(3 * 60 + 1) })),
    });
    renderApp('/review', { session: aSession() });

    expect(await screen.findByText('Nothing due')).toBeTruthy();
    expect(screen.getByText('Next card due in 3 hours.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Practise questions' }).getAttribute('href')).toBe('/');
  });

  it('keeps the answer and explains the problem when it cannot be sent', async () => {
    stubApi({
      'GET /api/review/queue': () => jsonResponse(aQueue({ cards: [second] })),
      [`POST /api/review/cards/${second.id}/answer`]: () =>
        problemResponse({ status: 503, code: 'unavailable' }),
    });
    renderApp('/review', { session: aSession() });

    const card = await screen.findByRole('article', { name: 'Card 1 of 1' });
    fireEvent.click(within(card).getByRole('radio', { name: /False/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Submit' }));

    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('Your answer could not be sent.');
    expect(alert.textContent).toContain("Questa can't be reached right now.");
    expect((within(card).getByRole('radio', { name: /False/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('is linked from the header for signed-in readers', async () => {
    stubApi({ 'GET /api/review/queue': () => jsonResponse(aQueue({ cards: [] })) });
    renderApp('/review', { session: aSession() });

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Review' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Progress' }).getAttribute('href')).toBe(
      '/progress',
    );
  });
});
