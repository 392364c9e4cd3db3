import type { GradedAnswer, LearnerQuestion } from '@questa/contracts';
import { useId, type Ref } from 'react';
import { Solution } from '../../../components/answering/graded-answer';
import { verdictOf } from '../../../components/answering/score';
import { Verdict } from '../../../components/answering/verdict';
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
}: {
  question: LearnerQuestion;
  graded: GradedAnswer;
  /** The verdict's heading, which takes focus so a screen reader reads the result first. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const tone = verdictOf(graded.correct, graded.points);

  return (
    <section className={`review-feedback review-feedback--${tone}`} aria-labelledby={headingId}>
      <Verdict
        as="h2"
        ref={headingRef}
        tabIndex={-1}
        labelId={headingId}
        size="lg"
        correct={graded.correct}
        points={graded.points}
        maxPoints={graded.maxPoints}
      />
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
