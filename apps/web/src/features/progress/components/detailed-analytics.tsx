import type { ProgressAnalytics } from '@questa/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { StarIcon } from '../../../components/ui/icons';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { useI18n, type Translate } from '../../../lib/i18n';
import { useProgressAnalytics } from '../api/get-progress-analytics';
import { formatPercent } from '../format';

/**
 * Premium's detailed analytics, or for anyone else a plain word on what they would show and the
 * way to the plans: the preview holds no data of the learner's, blurred or otherwise.
 */
export function DetailedAnalytics({ unlocked }: { unlocked: boolean }) {
  const { t } = useI18n();
  return (
    <section className="progress-section">
      <div className="progress-section__heading">
        <h2>{t('progress.analytics.title')}</h2>
        <Badge tone="premium">
          <StarIcon />
          {t('progress.analytics.premium')}
        </Badge>
      </div>
      {unlocked ? <AnalyticsTable /> : <LockedAnalytics />}
    </section>
  );
}

function LockedAnalytics() {
  const { t } = useI18n();
  return (
    <div className="analytics-locked">
      <p>{t('progress.analytics.lockedIntro')}</p>
      <ul>
        <li>{t('progress.analytics.lockedRecall')}</li>
        <li>{t('progress.analytics.lockedDue')}</li>
        <li>{t('progress.analytics.lockedTime')}</li>
      </ul>
      <p>
        <Link to="/billing" className={buttonClass('primary')}>
          <StarIcon />
          {t('progress.analytics.unlock')}
        </Link>
      </p>
    </div>
  );
}

/** Seconds as the locale writes a short duration: "42 sec", "1.5 min". */
function formatSeconds(seconds: number, locale: string): string {
  const minutes = seconds >= 60;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'short',
    maximumFractionDigits: minutes ? 1 : 0,
  }).format(minutes ? seconds / 60 : seconds);
}

const dayLabel = (t: Translate, days: number) =>
  days === 0
    ? t('progress.analytics.recallNow')
    : t('progress.analytics.recallIn', { count: days });

function AnalyticsTable() {
  const { t } = useI18n();
  const analytics = useProgressAnalytics();

  if (analytics.status === 'pending') {
    return (
      <div aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('progress.analytics.loading')}
        </p>
        <Skeleton height="8rem" />
      </div>
    );
  }
  if (analytics.status === 'error') {
    return (
      <ProblemAlert
        title={t('progress.analytics.loadFailed')}
        error={analytics.error}
        onRetry={analytics.retry}
      />
    );
  }
  const { topics } = analytics.data;
  if (topics.length === 0) {
    return <p className="progress-muted">{t('progress.analytics.empty')}</p>;
  }
  const forecastDays =
    topics.find((topic) => topic.recall.length > 0)?.recall.map((p) => p.days) ?? [];

  return (
    <>
      <p className="progress-muted">{t('progress.analytics.intro')}</p>
      <Table caption={t('progress.analytics.title')} captionHidden>
        <thead>
          <tr>
            <th scope="col">{t('progress.topics.topic')}</th>
            <th scope="col">{t('progress.analytics.cards')}</th>
            {forecastDays.map((days) => (
              <th scope="col" key={days}>
                {dayLabel(t, days)}
              </th>
            ))}
            <th scope="col">{t('progress.analytics.due')}</th>
            <th scope="col">{t('progress.analytics.time')}</th>
          </tr>
        </thead>
        <tbody>
          {topics.map((topic) => (
            <AnalyticsRow
              key={`${topic.bankId}/${topic.topic}`}
              topic={topic}
              days={forecastDays}
            />
          ))}
        </tbody>
      </Table>
    </>
  );
}

function AnalyticsRow({
  topic,
  days,
}: {
  topic: ProgressAnalytics['topics'][number];
  days: number[];
}) {
  const { t, locale } = useI18n();
  return (
    <tr>
      <th scope="row">
        {topic.topic}
        <span className="progress-secondary">{topic.bankTitle}</span>
      </th>
      <td className="table__nowrap">{topic.cards}</td>
      {days.map((day) => {
        const point = topic.recall.find((p) => p.days === day);
        return (
          <td key={day} className="table__nowrap">
            {point ? (
              <span className="recall">
                <span className="recall__bar" aria-hidden="true">
                  <span style={{ width: `${Math.round(point.probability * 100)}%` }} />
                </span>
                {formatPercent(point.probability, locale)}
              </span>
            ) : (
              t('progress.none')
            )}
          </td>
        );
      })}
      <td className="table__nowrap">{topic.dueWithin7Days}</td>
      <td className="table__nowrap">
        {topic.answerTime
          ? formatSeconds(topic.answerTime.medianSeconds, locale)
          : t('progress.none')}
      </td>
    </tr>
  );
}
