import type { LearnerQuestion, PracticeItem } from '@questa/contracts';
import { useId, useState, type Ref } from 'react';
import { Solution } from '../../../components/answering/graded-answer';
import { SelfRatingForm } from '../../../components/answering/self-rating';
import { Verdict } from '../../../components/answering/verdict';
import type { SelfRating } from '@questa/contracts/rules/questions';
import { verdictOf } from '@questa/contracts/rules/verdict';
import type { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { formatRelativeTime } from '../../../lib/relative-time';

/**
 * The graded result under the marked answer: right, partly right or wrong, the points, the correct
 * answer, the explanation and when the question comes back for review. Focus moves here after
 * Submit, so a screen reader reads the result first.
 */
export function FeedbackPanel({
  question,
  result,
  ref,
  rating,
}: {
  question: LearnerQuestion;
  result: NonNullable<PracticeItem['result']>;
  ref?: Ref<HTMLElement>;
  /** Rating an essay that awaits the learner's own score; without it, no form is offered. */
  rating?: { rate: (rating: SelfRating) => void; pending: boolean; error: ApiError | undefined };
}) {
  const { t, locale } = useI18n();
  const verdictId = useId();
  // The time the result arrived is "now" for it; it does not move while the feedback is read.
  const [now] = useState(Date.now);
  // An essay has no verdict until the learner has compared it with the model answer.
  const awaiting = result.feedback.type === 'essay' && result.feedback.status === 'awaiting';
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={`practice-feedback practice-feedback--${verdictOf({ points: result.points, maxPoints: result.maxPoints, awaiting })}`}
      aria-labelledby={verdictId}
    >
      {awaiting ? (
        <p id={verdictId} className="practice-feedback__compare">
          {t('answering.essay.compare')}
        </p>
      ) : (
        <Verdict
          points={result.points}
          maxPoints={result.maxPoints}
          labelId={verdictId}
          size="lg"
        />
      )}
      <Solution
        question={question}
        correctAnswer={result.correctAnswer}
        feedback={result.feedback}
        explanation={result.explanation || null}
      />
      {awaiting ? (
        rating && (
          <SelfRatingForm onRate={rating.rate} pending={rating.pending} error={rating.error} />
        )
      ) : (
        <p className="practice-feedback__schedule">
          {t('practice.feedback.comesBack', {
            when: formatRelativeTime(result.card.due, locale, now),
          })}
        </p>
      )}
    </section>
  );
}
