import type { GradedAnswer, LearnerQuestion } from '@questa/contracts';
import { useId, type Ref } from 'react';
import { Solution } from '../../../components/answering/graded-answer';
import { SelfRatingForm } from '../../../components/answering/self-rating';
import { Verdict } from '../../../components/answering/verdict';
import { verdictOf, type SelfRating } from '@questa/contracts/rules';
import type { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { formatRelativeTime } from '../../../lib/relative-time';

/**
 * The result of an answer: right, partly right or wrong with its points (as practice shows it),
 * the correct answer, the explanation, and when the card comes back.
 */
export function ReviewFeedback({
  question,
  graded,
  headingRef,
  rating,
}: {
  question: LearnerQuestion;
  graded: GradedAnswer;
  /** The verdict's heading, which takes focus so a screen reader reads the result first. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Rating an essay, which awaits the learner's own score before the card moves. */
  rating?: { rate: (rating: SelfRating) => void; pending: boolean; error: ApiError | undefined };
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const awaiting = graded.feedback.type === 'essay' && graded.feedback.status === 'awaiting';
  const tone = verdictOf({ points: graded.points, maxPoints: graded.maxPoints, awaiting });

  return (
    <section className={`review-feedback review-feedback--${tone}`} aria-labelledby={headingId}>
      {awaiting ? (
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="review-feedback__compare">
          {t('answering.essay.compare')}
        </h2>
      ) : (
        <Verdict
          as="h2"
          ref={headingRef}
          tabIndex={-1}
          labelId={headingId}
          size="lg"
          points={graded.points}
          maxPoints={graded.maxPoints}
        />
      )}
      <Solution
        question={question}
        correctAnswer={graded.correct ? null : graded.correctAnswer}
        feedback={graded.feedback}
        explanation={graded.explanation || null}
      />
      {awaiting ? (
        rating && (
          <SelfRatingForm onRate={rating.rate} pending={rating.pending} error={rating.error} />
        )
      ) : (
        <p className="review-feedback__next">
          {t('review.result.nextReview', { when: formatRelativeTime(graded.card.due, locale) })}
        </p>
      )}
    </section>
  );
}
