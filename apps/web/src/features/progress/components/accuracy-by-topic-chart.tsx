import type { ProgressReport } from '@questa/contracts';
import { useI18n } from '../../../lib/i18n';
import { accuracy, formatPercent } from '../format';
import { ChartTable } from './data-table';

type TopicRow = ProgressReport['byTopic'][number];

/**
 * Accuracy per topic as horizontal bars, weakest first. Laid out in HTML rather than SVG so a long
 * topic name wraps onto a second line instead of being cut or running under its percentage; the
 * widths are percentages, so the chart fits a phone without shrinking its text.
 */
export function AccuracyByTopicChart({ topics }: { topics: TopicRow[] }) {
  const { t, locale } = useI18n();
  const multipleBanks = new Set(topics.map((topic) => topic.bankId)).size > 1;
  const rows = topics
    .filter((topic) => topic.answered > 0)
    .map((topic) => ({
      ...topic,
      label: multipleBanks ? `${topic.topic} (${topic.bankTitle})` : topic.topic,
      share: accuracy(topic.correct, topic.answered) ?? 0,
    }))
    .sort((a, b) => a.share - b.share || b.answered - a.answered);

  const percent = (share: number) => formatPercent(share, locale);
  const weakest = rows[0];
  const strongest = rows.at(-1);
  const summary =
    weakest && strongest
      ? t('progress.topics.summary', {
          weakest: weakest.label,
          weakestShare: percent(weakest.share),
          strongest: strongest.label,
          strongestShare: percent(strongest.share),
        })
      : '';

  return (
    <section className="progress-section">
      <h2>{t('progress.topics.title')}</h2>
      {rows.length === 0 ? (
        <p className="progress-muted">{t('progress.topics.empty')}</p>
      ) : (
        <>
          <div className="bar-chart" role="img" aria-label={summary}>
            {rows.map((row) => (
              <div key={`${row.bankId}/${row.topic}`} className="bar-chart__row">
                <span className="chart-label">{row.label}</span>
                <span className="chart-value">{percent(row.share)}</span>
                <span className="bar-chart__track">
                  <span className="bar-chart__bar" style={{ width: `${row.share * 100}%` }} />
                </span>
              </div>
            ))}
          </div>
          <ChartTable summary={t('progress.topics.showTable')} caption={t('progress.topics.title')}>
            <thead>
              <tr>
                <th scope="col">{t('progress.topics.topic')}</th>
                {multipleBanks && <th scope="col">{t('progress.topics.bank')}</th>}
                <th scope="col">{t('progress.answered')}</th>
                <th scope="col">{t('progress.correct')}</th>
                <th scope="col">{t('progress.accuracy')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.bankId}/${row.topic}`}>
                  <th scope="row">{row.topic}</th>
                  {multipleBanks && <td>{row.bankTitle}</td>}
                  <td>{row.answered}</td>
                  <td>{row.correct}</td>
                  <td>{percent(row.share)}</td>
                </tr>
              ))}
            </tbody>
          </ChartTable>
        </>
      )}
    </section>
  );
}
