import type { PracticeSession, PracticeSummary } from '@questa/contracts';
import { verdictOf } from '@questa/contracts/rules/verdict';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RichText } from '../../../components/answering/rich-text';
import { buttonClass } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { formatRelativeTime } from '../../../lib/relative-time';
import { usePracticeSummary } from '../api/get-practice-summary';

/**
 * The end of a session, whether the learner finished early or every question was drawn: the
 * score, how each topic went, when each answered question comes back for review, and where next.
 */
export function PracticeEnd({ session, early }: { session: PracticeSession; early: boolean }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const summary = usePracticeSummary(session.id);
  // The summary's own tally is the newest; the session on screen stands in until it arrives.
  const shown = summary.data?.session ?? session;
  const percent = shown.answered > 0 ? Math.round((shown.correct / shown.answered) * 100) : 0;
  const title = early
    ? t('practice.end.finishedTitle')
    : shown.answered > 0
      ? t('practice.end.title')
      : t('practice.end.emptyTitle');
  return (
    <section className="practice-end" aria-labelledby="practice-end-title">
      <h2 id="practice-end-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {shown.answered > 0 ? (
        <p className="practice-end__score">
          {t('practice.end.score', { correct: shown.correct, count: shown.answered, percent })}
        </p>
      ) : early ? (
        <p>{t('practice.summary.noReviews')}</p>
      ) : (
        <p>{t('practice.end.emptyBody')}</p>
      )}
      {shown.answered > 0 &&
        (summary.status === 'success' ? (
          <SummaryDetails summary={summary.data} />
        ) : summary.status === 'error' ? (
          <ProblemAlert
            title={t('practice.summary.loadFailed')}
            error={summary.error}
            onRetry={summary.retry}
          />
        ) : (
          <div className="practice-end__loading" aria-busy="true">
            <p role="status" className="visually-hidden">
              {t('practice.summary.loading')}
            </p>
            <Skeleton height="6rem" />
          </div>
        ))}
      <div className="practice-end__actions">
        <Link to={`/banks/${session.bankId}`} className={buttonClass('primary')}>
          {t('practice.end.again')}
        </Link>
        <Link to="/review" className={buttonClass('secondary')}>
          {t('practice.end.reviews')}
        </Link>
        <Link to="/" className={buttonClass('ghost')}>
          {t('practice.end.catalog')}
        </Link>
      </div>
    </section>
  );
}

function SummaryDetails({ summary }: { summary: PracticeSummary }) {
  const { t, locale } = useI18n();
  const [now] = useState(Date.now);
  return (
    <div className="practice-end__details">
      <Table caption={t('practice.summary.byTopic')}>
        <thead>
          <tr>
            <th scope="col">{t('practice.summary.topic')}</th>
            <th scope="col">{t('practice.summary.answered')}</th>
            <th scope="col">{t('practice.summary.correct')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.topics.map((topic) => (
            <tr key={topic.topic}>
              <th scope="row">{topic.topic}</th>
              <td>{topic.answered}</td>
              <td>{topic.correct}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Table caption={t('practice.summary.reviews')}>
        <thead>
          <tr>
            <th scope="col">{t('practice.summary.question')}</th>
            <th scope="col">{t('practice.summary.when')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.reviews.map((review) => (
            <tr key={review.questionId}>
              <td>
                <RichText source={review.excerpt} inline />{' '}
                <span className="practice-end__verdict">
                  ({t(`answering.verdict.${verdictOf(review)}`)})
                </span>
              </td>
              <td>
                <time dateTime={review.due} title={formatDateTime(review.due, locale)}>
                  {formatRelativeTime(review.due, locale, now)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
