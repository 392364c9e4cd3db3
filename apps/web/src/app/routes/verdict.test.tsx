import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackPanel } from '../../features/practice/components/feedback-panel';
import { aGradedAnswer, aPracticeItem } from '../../features/practice/practice-fixtures';
import { ReviewFeedback } from '../../features/review/components/review-feedback';
import { I18nProvider, inEnglish } from '../../lib/i18n';
import { appMessages } from '../../lib/i18n/app-messages';

afterEach(cleanup);

const question = aPracticeItem().question;

function inApp(children: ReactNode) {
  return render(<I18nProvider initial={inEnglish(appMessages)}>{children}</I18nProvider>);
}

/** The verdict as a reader meets it: its words, score and colour class. */
function shownVerdict(container: HTMLElement) {
  const verdict = container.querySelector('.verdict')!;
  return { text: verdict.textContent, className: verdict.className };
}

// Practice and reviews grade the same answers; one result must read the same in both.
describe('a graded answer in practice and in reviews', () => {
  it.each([
    { name: 'partly right', result: { correct: false, score: 2 / 3, points: 2 / 3, maxPoints: 1 } },
    { name: 'right', result: { correct: true, score: 1, points: 2, maxPoints: 2 } },
    { name: 'wrong', result: { correct: false, score: 0, points: 0, maxPoints: 3 } },
  ])('shows the same verdict when $name', ({ result }) => {
    const graded = aGradedAnswer(result);
    const practice = inApp(<FeedbackPanel question={question} result={graded} />);
    const inPractice = shownVerdict(practice.container);
    practice.unmount();
    const review = inApp(<ReviewFeedback question={question} graded={graded} />);
    expect(shownVerdict(review.container)).toEqual(inPractice);
  });

  it('says partial credit once, in words and rounded', () => {
    const graded = aGradedAnswer({ correct: false, score: 2 / 3, points: 2 / 3, maxPoints: 1 });
    inApp(<ReviewFeedback question={question} graded={graded} />);
    expect(screen.getByRole('heading', { name: 'Partly right 0.67 of 1 point' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Partly right' })).toBeTruthy();
    cleanup();
    inApp(<FeedbackPanel question={question} result={graded} />);
    expect(screen.getByRole('region', { name: 'Partly right' })).toBeTruthy();
    expect(screen.getByText('0.67 of 1 point')).toBeTruthy();
  });
});
