import type { ItemStatistics } from '@questa/contracts';
import { useId } from 'react';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import type { QueryResult } from '../../../lib/use-query';
import { itemFlagOptions } from './item-flags';
import '../../../components/ui/disclosure.css';
import './item-statistics.css';

/**
 * What the statistics beside each question say, and how many questions need a look. The numbers
 * themselves are in the question list, next to the questions they describe.
 */
export function ItemStatisticsPanel({ statistics }: { statistics: QueryResult<ItemStatistics> }) {
  const t = useT();
  const headingId = useId();

  return (
    <section className="item-stats" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('itemStats.title')}</h3>
      {statistics.status === 'pending' && (
        <div role="status" className="authoring-loading">
          <span className="visually-hidden">{t('itemStats.loading')}</span>
          <Skeleton height="1.25rem" width="60%" />
        </div>
      )}
      {statistics.status === 'error' && (
        <ProblemAlert
          title={t('itemStats.loadFailed')}
          error={statistics.error}
          onRetry={statistics.retry}
        />
      )}
      {statistics.status === 'success' && <Summary statistics={statistics.data} />}
      <details className="disclosure item-stats__help">
        <summary>{t('itemStats.helpTitle')}</summary>
        <dl>
          <div>
            <dt>{t('itemStats.facility')}</dt>
            <dd>{t('itemStats.help.facility')}</dd>
          </div>
          <div>
            <dt>{t('itemStats.discrimination')}</dt>
            <dd>{t('itemStats.help.discrimination')}</dd>
          </div>
          {itemFlagOptions.map((flag) => (
            <div key={flag}>
              <dt>{t(`itemStats.flag.${flag}`)}</dt>
              <dd>{t(`itemStats.help.${flag}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}

function Summary({ statistics }: { statistics: ItemStatistics }) {
  const t = useT();
  const answered = statistics.items.filter((item) => item.responses > 0).length;
  const flagged = statistics.items.filter((item) => item.flags.length > 0).length;
  if (answered === 0) return <p>{t('itemStats.none')}</p>;
  return (
    <>
      <p>
        {t('itemStats.answered', { count: answered })}{' '}
        <strong>{t('itemStats.flagged', { count: flagged })}</strong>
      </p>
      <p className="authoring-muted">
        {t('itemStats.minResponses', { count: statistics.minResponses })}
      </p>
    </>
  );
}
