import type { GradedAnswer, LearnerQuestion } from '@questa/contracts';
import { useId, type Ref } from 'react';
import { useI18n } from '../../../lib/i18n';
import { describeAnswer } from '../describe-answer';
import { formatRelativeTime } from '../relative-time';
import { Markdown } from './markdown';
import { CheckIcon, CrossIcon } from './result-icons';

/**
 * The result of an answer: right or wrong (an icon and words, never colour alone), the points for
 * partial credit, the correct answer, the explanation, and when the card comes back.
 */
export function ReviewFeedback({
  question,
  graded,
  headingRef,
}: {
  question: LearnerQuestion;
  graded: GradedAnswer;
  /** The verdict's heading, which takes focus so a screen reader reads the result first. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const partial = !graded.correct && graded.score > 0;
  const verdict = graded.correct
    ? t('review.result.correct')
    : partial
      ? t('review.result.partial')
      : t('review.result.incorrect');
  const tone = graded.correct ? 'right' : partial ? 'partial' : 'wrong';

  return (
    <section className={`review-feedback review-feedback--${tone}`} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="review-feedback__verdict">
        {graded.correct ? <CheckIcon /> : <CrossIcon />}
        {verdict}
      </h2>
      <p className="review-feedback__points">
        {t('review.result.points', { points: graded.points, max: graded.maxPoints })}
      </p>
      {!graded.correct && (
        <div className="review-feedback__answer">
          <h3>{t('review.result.correctAnswer')}</h3>
          <ul>
            {describeAnswer(t, question, graded.correctAnswer).map((line, index) => (
              <li key={index}>
                <Markdown inline source={line} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {graded.explanation && (
        <div className="review-feedback__explanation">
          <h3>{t('review.result.explanation')}</h3>
          <Markdown source={graded.explanation} />
        </div>
      )}
      <p className="review-feedback__next">
        {t('review.result.nextReview', { when: formatRelativeTime(graded.card.due, locale) })}
      </p>
    </section>
  );
}
