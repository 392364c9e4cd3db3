import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aReview, attemptId } from '../../features/exams/exam-fixtures';
import { aSession } from '../../testing/session-fixtures';
import { jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const base = `/api/exams/${attemptId}`;
const path = `/exams/${attemptId}/review`;

describe('exam review page', () => {
  it('shows the score, pass or fail in words, and every question marked', async () => {
    stubApi({ [`GET ${base}/review`]: () => jsonResponse(aReview()) });
    renderApp(path, { session: aSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Full mock exam' })).toBeTruthy();
    expect(screen.getByText('Not passed')).toBeTruthy();
    expect(screen.getByText('1 of 3 points (33 %)')).toBeTruthy();
    expect(screen.getByText('Pass mark: 60 %')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Missed questions are now in your reviews' }),
    ).toHaveProperty('pathname', '/review');

    const [first, second, third] = screen.getAllByRole('article').map((item) => within(item));
    expect(first?.getByRole('heading', { level: 3, name: 'Question 1' })).toBeTruthy();
    expect(first?.getByText('Wrong')).toBeTruthy();
    expect(first?.getByText('0 of 1 point')).toBeTruthy();
    expect(first?.getByText('Your answer, wrong')).toBeTruthy();
    expect(first?.getByRole('heading', { name: 'Correct answer' })).toBeTruthy();
    expect(first?.getByText('Paris, since 987.')).toBeTruthy();
    expect(second?.getByText('Correct')).toBeTruthy();
    expect((second?.getByLabelText('Your answer') as HTMLInputElement).value).toBe('Rome');
    expect(second?.getByText('Accepted')).toBeTruthy();
    expect(third?.getByText('No answer was given.')).toBeTruthy();
  });

  it('sums up by topic first, offers the exam again, and filters them by verdict', async () => {
    stubApi({ [`GET ${base}/review`]: () => jsonResponse(aReview()) });
    const router = renderApp(path, { session: aSession() });

    const table = await screen.findByRole('table', { name: 'By topic' });
    const row = within(table).getByRole('row', { name: /Europe/ });
    expect(within(row).getByText('1 of 3')).toBeTruthy();
    expect(within(row).getByText('1 of 3 (33 %)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveProperty(
      'pathname',
      `/banks/${aReview().attempt.bankId}/exams/default`,
    );
    // The summary comes before the questions.
    const questions = screen.getByRole('heading', { level: 2, name: 'Questions' });
    expect(
      table.compareDocumentPosition(questions) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);

    // Awaiting grading is offered only while some answer awaits it.
    expect(screen.queryByRole('radio', { name: /Awaiting grading/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Wrong (2)' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 3 questions.');
    expect(screen.queryByRole('heading', { name: 'Question 2' })).toBeNull();
    expect(router.state.location.search).toBe('?show=wrong');

    fireEvent.click(screen.getByRole('radio', { name: 'Correct (1)' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Question 2' })).toBeTruthy();
  });

  it('reads an essay graded 4 of 5 as partly right, under its own filter', async () => {
    const review = aReview();
    const [first, second, third] = review.items;
    const graded = {
      ...third!,
      correct: false,
      points: 4,
      maxPoints: 5,
      grading: 'graded' as const,
    };
    const awaiting = { ...first!, correct: null, points: null, grading: 'awaiting' as const };
    stubApi({
      [`GET ${base}/review`]: () => jsonResponse({ ...review, items: [awaiting, second!, graded] }),
    });
    renderApp(path, { session: aSession() });

    const essay = within(await screen.findByRole('article', { name: 'Question 3' }));
    const verdict = essay.getByText('Partly right').closest('.verdict')!;
    // The score is its own line on a phone: no separator that could start it.
    expect(verdict.textContent).toBe('Partly right 4 of 5 points');
    expect(essay.queryByText('Wrong')).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Question 1' })).getByText('Awaiting grading'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Partly right (1)' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    fireEvent.click(screen.getByRole('radio', { name: 'Awaiting grading (1)' }));
    expect(await screen.findByRole('article', { name: 'Question 1' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: 'Wrong (0)' }));
    expect(await screen.findByText('No question was answered wrong.')).toBeTruthy();
  });

  it('offers no second try when the bank no longer has the exam', async () => {
    stubApi({ [`GET ${base}/review`]: () => jsonResponse(aReview({ againBlueprintId: null })) });
    renderApp(path, { session: aSession() });
    expect(await screen.findByText('Not passed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });

  it('shows the score only when the exam’s policy says so', async () => {
    const review = aReview({
      reviewPolicy: 'score_only',
      items: aReview().items.map((item) => ({
        ...item,
        correct: null,
        points: null,
        feedback: null,
        correctAnswer: null,
        explanation: null,
      })),
    });
    stubApi({ [`GET ${base}/review`]: () => jsonResponse(review) });
    renderApp(path, { session: aSession() });

    expect(
      await screen.findByText('This exam shows the score only, not the answers.'),
    ).toBeTruthy();
    expect(screen.getByText('1 of 3 points (33 %)')).toBeTruthy();
    expect(screen.queryByText('Wrong')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Correct answer' })).toBeNull();
    // Neither topics nor a filter would keep which answers were right to themselves.
    expect(screen.queryByRole('table', { name: 'By topic' })).toBeNull();
    expect(screen.queryByRole('radio', { name: /Wrong/ })).toBeNull();
  });

  it('says the exam is still running until it has been submitted', async () => {
    stubApi({
      [`GET ${base}/review`]: () => problemResponse({ status: 403, code: 'auth.forbidden' }),
    });
    renderApp(path, { session: aSession() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This exam is still running' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the exam' })).toHaveProperty(
      'pathname',
      `/exams/${attemptId}`,
    );
  });
});
