import type { ReviewQueue } from '@questa/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import '../../../components/ui/panel.css';

const states = ['new', 'learning', 'review', 'relearning'] as const;

/**
 * What is waiting: cards due now, new cards introduced today against the daily limit, and every
 * card by state as a stacked bar. The bar is decoration; the list under it says the same in words.
 */
export function ReviewCounts({ queue }: { queue: ReviewQueue }) {
  const t = useT();
  const legendId = useId();
  const total = states.reduce((sum, state) => sum + queue.totals[state], 0);

  return (
    <section className="panel" aria-label={t('review.counts.label')}>
      <dl className="review-counts__figures">
        <div>
          <dt>{t('review.counts.due')}</dt>
          <dd>{queue.dueCount}</dd>
        </div>
        <div>
          <dt>{t('review.counts.newToday')}</dt>
          <dd>{t('review.counts.ofLimit', { count: queue.newToday, limit: queue.newLimit })}</dd>
        </div>
        <div>
          <dt>{t('review.counts.total')}</dt>
          <dd>{total}</dd>
        </div>
      </dl>
      {total > 0 && (
        <div className="review-counts__states">
          <div className="state-bar" aria-hidden="true">
            {states.map(
              (state) =>
                queue.totals[state] > 0 && (
                  <span
                    key={state}
                    className={`state-bar__part state-bar__part--${state}`}
                    style={{ flexGrow: queue.totals[state] }}
                  />
                ),
            )}
          </div>
          <p id={legendId} className="visually-hidden">
            {t('review.counts.byState')}
          </p>
          <ul className="state-bar__legend" aria-labelledby={legendId}>
            {states.map((state) => (
              <li key={state}>
                <span
                  className={`state-bar__swatch state-bar__part--${state}`}
                  aria-hidden="true"
                />
                {t('review.counts.state', {
                  state: t(`review.state.${state}`),
                  count: queue.totals[state],
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
