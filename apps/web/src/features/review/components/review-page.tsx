import type { ReviewQueueCard } from '@questa/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n } from '../../../lib/i18n';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useReviewQueue } from '../api/get-review-queue';
import { ReviewCard } from './review-card';
import { ReviewCounts } from './review-counts';
import { WithPassage } from '../../../components/answering/passage';
import './review.css';

/** The cards of one pass through the queue, pinned so a refreshed queue cannot reorder them. */
interface Run {
  cards: ReviewQueueCard[];
  index: number;
}

/**
 * Due spaced-repetition cards one at a time. A pass takes the queue as it was when it started;
 * after its last card the queue, refreshed after every answer, starts the next pass, which may
 * bring back a card answered wrong a minute ago.
 */
export function ReviewPage() {
  const { t, locale } = useI18n();
  const queue = useReviewQueue();
  const [run, setRun] = useState<Run | null>(null);
  const [reviewed, setReviewed] = useState(0);

  if (run === null && queue.data && queue.data.cards.length > 0) {
    setRun({ cards: queue.data.cards, index: 0 });
  }
  const card = run?.cards[run.index];
  const done = useRef<HTMLDivElement>(null);
  // After the last card the Next button is gone; focus goes to what replaced it.
  const finished = !card && reviewed > 0;
  useEffect(() => {
    if (finished) done.current?.focus();
  }, [finished]);

  if (!card && queue.status === 'pending') {
    return (
      <div role="status" className="review-loading">
        <span className="visually-hidden">{t('review.loading')}</span>
        <Skeleton height="5rem" />
        <Skeleton height="2rem" width="60%" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (!card && queue.status === 'error') {
    return (
      <ProblemAlert title={t('review.loadFailed')} error={queue.error} onRetry={queue.retry} />
    );
  }

  const next = () => {
    setReviewed((count) => count + 1);
    setRun((current) =>
      current && current.index + 1 < current.cards.length
        ? { ...current, index: current.index + 1 }
        : null,
    );
  };

  return (
    <div className="review-page">
      {queue.data && <ReviewCounts queue={queue.data} />}
      {run && card ? (
        // A question about a text comes back with that text, as in practice and exams.
        <WithPassage passage={card.passage}>
          <ReviewCard
            key={`${reviewed}-${card.id}`}
            card={card}
            position={run.index + 1}
            total={run.cards.length}
            takeFocus={reviewed > 0}
            onNext={next}
          />
        </WithPassage>
      ) : (
        <div ref={done} tabIndex={-1} className="review-page__done">
          <EmptyState
            title={
              reviewed > 0
                ? t('review.empty.doneTitle', { count: reviewed })
                : t('review.empty.title')
            }
          >
            <p>
              {queue.data?.nextDue
                ? t('review.empty.nextDue', {
                    when: formatRelativeTime(queue.data.nextDue, locale),
                  })
                : t('review.empty.noCards')}
            </p>
            <p>
              <Link to="/" className={buttonClass('secondary')}>
                {t('review.empty.practise')}
              </Link>
            </p>
          </EmptyState>
        </div>
      )}
    </div>
  );
}
