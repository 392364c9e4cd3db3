import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n } from '../../../lib/i18n';
import { useProgress } from '../api/get-progress';
import { accuracy, formatPercent } from '../format';
import { AccuracyByTopicChart } from './accuracy-by-topic-chart';
import { AnswersOverTimeChart } from './answers-over-time-chart';
import { DetailedAnalytics } from './detailed-analytics';
import { ExamHistory } from './exam-history';
import './progress.css';

/**
 * A learner's totals, streak, accuracy by topic, the last 30 days and their exams; with premium,
 * detailed analytics, and without it a word on what they would show.
 */
export function ProgressPage({ detailedAnalytics }: { detailedAnalytics: boolean }) {
  const { t, locale } = useI18n();
  const progress = useProgress();

  if (progress.status === 'pending') {
    return (
      <div role="status" className="progress-loading">
        <span className="visually-hidden">{t('progress.loading')}</span>
        <div className="progress-figures">
          {[1, 2, 3, 4].map((key) => (
            <Skeleton key={key} height="4.5rem" />
          ))}
        </div>
        <Skeleton height="12rem" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (progress.status === 'error') {
    return (
      <ProblemAlert
        title={t('progress.loadFailed')}
        error={progress.error}
        onRetry={progress.retry}
      />
    );
  }

  const report = progress.data;
  if (report.totals.answered === 0 && report.exams.length === 0) {
    return (
      <EmptyState title={t('progress.empty.title')}>
        <p>{t('progress.empty.body')}</p>
        <p>
          <Link to="/" className={buttonClass('secondary')}>
            {t('progress.empty.action')}
          </Link>
        </p>
      </EmptyState>
    );
  }

  const share = accuracy(report.totals.correct, report.totals.answered);
  return (
    <div className="progress-page">
      <section aria-label={t('progress.summary')}>
        <dl className="progress-figures">
          <div className="progress-figure">
            <dt>{t('progress.answered')}</dt>
            <dd>{report.totals.answered}</dd>
          </div>
          <div className="progress-figure">
            <dt>{t('progress.accuracy')}</dt>
            <dd>
              {share === null ? t('progress.none') : formatPercent(share, locale)}
              <span className="progress-figure__detail">
                {t('progress.correctOf', {
                  correct: report.totals.correct,
                  answered: report.totals.answered,
                })}
              </span>
            </dd>
          </div>
          <div className="progress-figure">
            <dt>{t('progress.streak.current')}</dt>
            <dd>{t('progress.streak.days', { count: report.streak.current })}</dd>
          </div>
          <div className="progress-figure">
            <dt>{t('progress.streak.longest')}</dt>
            <dd>{t('progress.streak.days', { count: report.streak.longest })}</dd>
          </div>
        </dl>
      </section>
      <AccuracyByTopicChart topics={report.byTopic} />
      <AnswersOverTimeChart days={report.byDay} />
      <DetailedAnalytics unlocked={detailedAnalytics} />
      <ExamHistory exams={report.exams} />
    </div>
  );
}
