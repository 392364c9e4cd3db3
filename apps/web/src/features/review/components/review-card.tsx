import type { ReviewQueueCard } from '@questa/contracts';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useAnswerReviewCard } from '../api/answer-review-card';
import { chooseByNumber, emptyDraft, toAnswer } from '../answer-draft';
import { AnswerInput } from './answer-input';
import { blankMarker } from './cloze-answer';
import { Markdown } from './markdown';
import { ReviewFeedback } from './review-feedback';

/** Whether a key press belongs to a control that takes typing, rather than to the page. */
function isTyping(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement)
    return target.type !== 'radio' && target.type !== 'checkbox';
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

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
  const { question } = card;
  const [draft, setDraft] = useState(() => emptyDraft(question));
  const submit = useAnswerReviewCard();
  const graded = submit.data ?? null;
  const answer = toAnswer(question, draft);
  const cardHeading = useRef<HTMLHeadingElement>(null);
  const verdictHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (takeFocus) cardHeading.current?.focus();
  }, [takeFocus]);
  useEffect(() => {
    if (graded) verdictHeading.current?.focus();
  }, [graded]);

  const send = () => {
    if (graded) onNext();
    else if (answer && submit.status !== 'pending') void submit.mutate(card.id, answer);
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    // A dialog or menu elsewhere on the page keeps its own keys.
    if (target?.closest('dialog, [role="menu"]') || isTyping(target)) return;
    if (/^[1-9]$/.test(event.key)) {
      if (graded) return;
      const next = chooseByNumber(question, draft, Number(event.key));
      if (next === draft) return;
      event.preventDefault();
      setDraft(next);
    } else if (event.key === 'Enter' && !target?.closest('button, a, summary')) {
      event.preventDefault();
      send();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <article className="review-card" aria-labelledby={headingId}>
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
      <div className="review-card__stem">
        <Markdown
          source={question.stem}
          blank={question.type === 'cloze' ? blankMarker(question) : undefined}
        />
      </div>
      <form className="review-card__form" onSubmit={onSubmit} noValidate>
        <AnswerInput
          question={question}
          draft={draft}
          onChange={setDraft}
          feedback={graded?.feedback ?? null}
        />
        {submit.status === 'error' && (
          <ProblemAlert title={t('review.submitFailed')} error={submit.error} />
        )}
        {!graded && (
          <div className="review-card__actions">
            <Button type="submit" disabled={!answer || submit.status === 'pending'}>
              {submit.status === 'pending' ? t('review.submitting') : t('review.submit')}
            </Button>
            <p className="review-card__keys">{t('review.keys')}</p>
          </div>
        )}
      </form>
      {graded && (
        <>
          <ReviewFeedback question={question} graded={graded} headingRef={verdictHeading} />
          <div className="review-card__actions">
            <Button onClick={onNext}>
              {position < total ? t('review.next') : t('review.finish')}
            </Button>
            <p className="review-card__keys">{t('review.keysNext')}</p>
          </div>
        </>
      )}
    </article>
  );
}
