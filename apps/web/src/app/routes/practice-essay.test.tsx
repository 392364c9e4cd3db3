import type { PracticeItem } from '@questa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aGradedAnswer,
  aPracticeItem,
  aPracticeSession,
  aPracticeState,
  sessionId,
} from '../../features/practice/practice-fixtures';
import { renderApp } from '../../testing/render-app';
import { aSession } from '../../testing/session-fixtures';
import { jsonResponse, stubApi } from '../../testing/stub-fetch';

const base = `/api/practice/sessions/${sessionId}`;
const item = aPracticeItem({
  question: {
    type: 'essay',
    stem: 'Why do capitals grow?',
    topic: 'Europe',
    difficulty: 2,
    points: 2,
    media: [],
    minWords: 5,
    maxWords: 50,
  },
});
const essayFeedback = (rated: boolean) =>
  ({
    type: 'essay',
    status: rated ? 'self_rated' : 'awaiting',
    rubric: 'Names trade',
    modelAnswer: 'Trade and government draw people.',
    rating: rated ? 'partly' : null,
  }) as const;
const withResult = (rated: boolean): PracticeItem => ({
  ...item,
  answer: { type: 'essay', text: 'Markets grow towns.' },
  result: aGradedAnswer({
    correct: false,
    score: rated ? 0.5 : 0,
    points: rated ? 1 : 0,
    maxPoints: 2,
    feedback: essayFeedback(rated),
    correctAnswer: { type: 'essay', text: 'Trade and government draw people.' },
    explanation: '',
  }),
});

describe('an essay in practice', () => {
  it('counts words against the limits, then shows the model answer and takes the learner’s rating', async () => {
    const sent: unknown[] = [];
    stubApi({
      [`GET ${base}`]: () => jsonResponse(aPracticeState({ item })),
      [`POST ${base}/items/${item.id}/answer`]: () =>
        jsonResponse({ item: withResult(false), session: aPracticeSession() }),
      [`POST ${base}/items/${item.id}/rating`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ item: withResult(true), session: aPracticeSession() });
      },
    });
    renderApp(`/practice/${sessionId}`, { session: aSession() });

    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    fireEvent.change(box, { target: { value: 'Markets grow towns.' } });
    expect(screen.getByText('3 words · aim for 5–50 words')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit answer' }));

    expect(await screen.findByText('Compare your answer with the model answer')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Model answer' })).toBeTruthy();
    expect(screen.getByText('Trade and government draw people.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What a good answer covers' })).toBeTruthy();
    const rating = screen.getByRole('group', { name: 'How close did your answer come?' });
    fireEvent.click(within(rating).getByRole('button', { name: 'Partly' }));

    expect(await screen.findByText('Partly right')).toBeTruthy();
    expect(sent).toEqual([{ rating: 'partly' }]);
    expect(screen.queryByRole('group', { name: 'How close did your answer come?' })).toBeNull();
  });
});
