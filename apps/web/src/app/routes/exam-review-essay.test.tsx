import type { ExamReview } from '@questa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aReview, attemptId } from '../../features/exams/exam-fixtures';
import { renderApp } from '../../testing/render-app';
import { aSession } from '../../testing/session-fixtures';
import { jsonResponse, stubApi } from '../../testing/stub-fetch';

const essayItem = (graded: boolean): ExamReview['items'][number] => ({
  position: 1,
  passage: null,
  question: {
    type: 'essay',
    stem: 'Why do capitals grow?',
    topic: 'Europe',
    difficulty: 2,
    points: 2,
    media: [],
    minWords: null,
    maxWords: 100,
  },
  answer: { type: 'essay', text: 'Markets and courts.' },
  correct: graded ? true : null,
  points: graded ? 2 : null,
  maxPoints: 2,
  feedback: {
    type: 'essay',
    status: graded ? 'graded' : 'awaiting',
    rubric: 'Names trade',
    modelAnswer: 'Trade and government draw people.',
    rating: null,
  },
  correctAnswer: { type: 'essay', text: 'Trade and government draw people.' },
  explanation: null,
  grading: graded ? 'graded' : 'awaiting',
  graderComment: graded ? 'Both causes.' : null,
});

function essayReview(graded: boolean): ExamReview {
  const review = aReview();
  return {
    ...review,
    attempt: {
      ...review.attempt,
      questionCount: 1,
      score: {
        points: graded ? 2 : 0,
        maxPoints: 2,
        fraction: graded ? 1 : 0,
        passed: graded,
        pendingCount: graded ? 0 : 1,
        pendingPoints: graded ? 0 : 2,
      },
    },
    items: [essayItem(graded)],
  };
}

describe('an exam result with an essay', () => {
  it('says the essay awaits grading and that the total is provisional', async () => {
    stubApi({ [`GET /api/exams/${attemptId}/review`]: () => jsonResponse(essayReview(false)) });
    renderApp(`/exams/${attemptId}/review`, { session: aSession() });

    expect(
      await screen.findByText(
        '1 answer awaits grading, worth 2 points. This result is provisional until it is graded.',
      ),
    ).toBeTruthy();
    const item = within(screen.getByRole('article'));
    expect(item.getByText('Awaiting grading')).toBeTruthy();
    expect(item.queryByText('Wrong')).toBeNull();
    expect((item.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe(
      'Markets and courts.',
    );
    expect(item.getByRole('heading', { name: 'Model answer' })).toBeTruthy();
    expect(item.getByText('Trade and government draw people.')).toBeTruthy();
  });

  it('shows the grade and the grader’s comment once graded', async () => {
    stubApi({ [`GET /api/exams/${attemptId}/review`]: () => jsonResponse(essayReview(true)) });
    renderApp(`/exams/${attemptId}/review`, { session: aSession() });

    expect(await screen.findByText('Passed')).toBeTruthy();
    expect(screen.queryByText(/awaits grading/)).toBeNull();
    const item = within(screen.getByRole('article'));
    expect(item.getByText('Correct')).toBeTruthy();
    expect(item.getByText('2 of 2 points')).toBeTruthy();
    expect(item.getByRole('heading', { name: 'Grader’s comment' })).toBeTruthy();
    expect(item.getByText('Both causes.')).toBeTruthy();
  });
});
