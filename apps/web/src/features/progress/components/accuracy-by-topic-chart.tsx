import type { ProgressReport } from '@questa/contracts';
import { useI18n } from '../../../lib/i18n';
import { accuracy, formatPercent } from '../format';
import { ChartTable } from './data-table';

type TopicRow = ProgressReport['byTopic'][number];

const rowHeight = 44;
const labelLength = 32;

const shorten = (text: string) =>
  text.length > labelLength ? `${text.slice(0, labelLength - 1).trimEnd()}…` : text;

/**
 * Accuracy per topic as horizontal bars, weakest first, drawn in SVG. Widths are percentages
 * and text keeps its size, so the chart fits a phone without shrinking its labels.
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
          <svg
            className="bar-chart"
            role="img"
            aria-label={summary}
            width="100%"
            height={rows.length * rowHeight}
          >
            {rows.map((row, index) => {
              const y = index * rowHeight;
              return (
                <g key={`${row.bankId}/${row.topic}`}>
                  <text x="0" y={y + 16} className="chart-label">
                    {shorten(row.label)}
                  </text>
                  <text x="100%" y={y + 16} textAnchor="end" className="chart-value">
                    {percent(row.share)}
                  </text>
                  <rect
                    x="0"
                    y={y + 24}
                    width="100%"
                    height="12"
                    rx="6"
                    className="bar-chart__track"
                  />
                  <rect
                    x="0"
                    y={y + 24}
                    width={`${row.share * 100}%`}
                    height="12"
                    rx="6"
                    className="bar-chart__bar"
                  />
                </g>
              );
            })}
          </svg>
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
