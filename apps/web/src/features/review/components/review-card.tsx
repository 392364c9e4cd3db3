import type { ReviewQueueCard } from '@questa/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  emptyDraft,
  isReady,
  pickByNumber,
  toAnswer,
  type AnswerDraft,
} from '../../../components/answering/answer-draft';
import { AnswerFields } from '../../../components/answering/answer-fields';
import { AnswerKeysHint } from '../../../components/answering/answer-keys-hint';
import { QuestionHints } from '../../../components/answering/question-hints';
import { QuestionStem } from '../../../components/answering/question-stem';
import { useAnswerKeys } from '../../../components/answering/use-answer-keys';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useAnswerReviewCard } from '../api/answer-review-card';
import { useRateReviewCard } from '../api/rate-review-card';
import { ReviewFeedback } from './review-feedback';
import '../../../components/ui/question-card.css';

/**
 * One card: its question, the answer control, Submit, then the result and Next. Number keys 1–9
 * choose options; Enter submits, and after the result goes to the next card.
 */
export function ReviewCard({
  card,
  position,
  total,
  takeFocus,
  onNext,
}: {
  card: ReviewQueueCard;
  position: number;
  total: number;
  /** Move focus to the card when it appears, as after "Next". */
  takeFocus: boolean;
  onNext: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const stemId = useId();
  const { question } = card;
  const [draft, setDraft] = useState<AnswerDraft>(() => emptyDraft(question));
  const submit = useAnswerReviewCard();
  const rate = useRateReviewCard();
  // An essay's rating replaces the answer's result, which awaited it.
  const graded = rate.data ?? submit.data ?? null;
  const ready = isReady(draft) && submit.status !== 'pending';
  const cardHeading = useRef<HTMLHeadingElement>(null);
  const verdictHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (takeFocus) cardHeading.current?.focus();
  }, [takeFocus]);
  useEffect(() => {
    if (graded) verdictHeading.current?.focus();
  }, [graded]);

  const send = () => {
    const answer = toAnswer(draft);
    if (graded) onNext();
    else if (answer && ready) void submit.mutate(card.id, answer);
  };

  useAnswerKeys({
    onNumber: (n) => {
      const picked = graded ? null : pickByNumber(question, draft, n);
      if (picked) setDraft(picked);
      return picked !== null;
    },
    onEnter: send,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <article className="question-card review-card" aria-labelledby={headingId}>
      <header className="review-card__header">
        <h2 id={headingId} ref={cardHeading} tabIndex={-1} className="review-card__title">
          {t('review.card.title', { position, total })}
        </h2>
        <p className="review-card__meta">
          <span>{card.bankTitle}</span>
          <span>{question.topic}</span>
          <Badge tone={card.state === 'new' ? 'info' : 'neutral'}>
            {t(`review.state.${card.state}`)}
          </Badge>
        </p>
      </header>
      <QuestionStem question={question} id={stemId} />
      {question.hints && <QuestionHints hints={question.hints} answered={graded !== null} />}
      <form className="review-card__form" onSubmit={onSubmit} noValidate>
        <AnswerFields
          question={question}
          draft={draft}
          onChange={setDraft}
          feedback={graded?.feedback ?? null}
          readOnly={graded !== null}
          describedBy={stemId}
          showKeys={graded === null}
        />
        {submit.status === 'error' && (
          <ProblemAlert title={t('review.submitFailed')} error={submit.error} />
        )}
        {!graded && (
          <div className="review-card__actions">
            <Button type="submit" disabled={!ready}>
              {submit.status === 'pending' ? t('review.submitting') : t('review.submit')}
            </Button>
          </div>
        )}
      </form>
      {graded && (
        <>
          <ReviewFeedback
            question={question}
            graded={graded}
            headingRef={verdictHeading}
            rating={{
              rate: (rating) => void rate.mutate(card.id, rating),
              pending: rate.status === 'pending',
              error: rate.error,
            }}
          />
          <div className="review-card__actions">
            <Button onClick={onNext}>
              {position < total ? t('review.next') : t('review.finish')}
            </Button>
          </div>
        </>
      )}
      <AnswerKeysHint question={question} graded={graded !== null} next="card" />
    </article>
  );
}
