import type { GradedAnswer, LearnerQuestion } from '@questa/contracts';
import { useId, type Ref } from 'react';
import { Solution } from '../../../components/answering/graded-answer';
import { CheckIcon, CrossIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n';
import { formatRelativeTime } from '../../../lib/relative-time';

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
      <Solution
        question={question}
        correctAnswer={graded.correct ? null : graded.correctAnswer}
        feedback={graded.feedback}
        explanation={graded.explanation || null}
      />
      <p className="review-feedback__next">
        {t('review.result.nextReview', { when: formatRelativeTime(graded.card.due, locale) })}
      </p>
    </section>
  );
}
