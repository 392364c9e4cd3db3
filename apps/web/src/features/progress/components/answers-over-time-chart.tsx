import type { ProgressReport } from '@questa/contracts';
import { useI18n } from '../../../lib/i18n';
import { formatDay } from '../format';
import { ChartTable } from './data-table';

type Day = ProgressReport['byDay'][number];

const top = 20;
const plotHeight = 140;
const baseline = top + plotHeight;
const height = baseline + 24;

/**
 * Answers per day as columns in SVG: the outlined column is every answer, the filled one inside
 * it the correct ones. Horizontal positions are percentages, so it stretches to any width.
 */
export function AnswersOverTimeChart({ days }: { days: Day[] }) {
  const { t, locale } = useI18n();
  const largest = Math.max(1, ...days.map((day) => day.answered));
  const slot = 100 / Math.max(1, days.length);
  const columnHeight = (count: number) => (count / largest) * plotHeight;
  const answered = days.reduce((sum, day) => sum + day.answered, 0);
  const correct = days.reduce((sum, day) => sum + day.correct, 0);
  const busiest = days.reduce<Day | undefined>(
    (best, day) => (day.answered > (best?.answered ?? 0) ? day : best),
    undefined,
  );
  const first = days[0];
  const last = days.at(-1);

  const summary = busiest
    ? t('progress.days.summary', {
        days: days.length,
        answered,
        correct,
        busiest: formatDay(busiest.day, locale, true),
        busiestCount: busiest.answered,
      })
    : t('progress.days.summaryNone', { days: days.length });

  return (
    <section className="progress-section">
      <h2>{t('progress.days.title')}</h2>
      <svg className="column-chart" role="img" aria-label={summary} width="100%" height={height}>
        <text x="0" y={top - 6} className="chart-axis">
          {largest}
        </text>
        <line x1="0" x2="100%" y1={top} y2={top} className="column-chart__grid" />
        <line
          x1="0"
          x2="100%"
          y1={top + plotHeight / 2}
          y2={top + plotHeight / 2}
          className="column-chart__grid"
        />
        {days.map((day, index) => {
          const x = `${index * slot + slot * 0.15}%`;
          const width = `${slot * 0.7}%`;
          return (
            <g key={day.day}>
              {day.answered > 0 && (
                <rect
                  x={x}
                  y={baseline - columnHeight(day.answered)}
                  width={width}
                  height={columnHeight(day.answered)}
                  className="column-chart__answered"
                />
              )}
              {day.correct > 0 && (
                <rect
                  x={x}
                  y={baseline - columnHeight(day.correct)}
                  width={width}
                  height={columnHeight(day.correct)}
                  className="column-chart__correct"
                />
              )}
            </g>
          );
        })}
        <line x1="0" x2="100%" y1={baseline} y2={baseline} className="column-chart__axis" />
        {first && (
          <text x="0" y={height - 4} className="chart-axis">
            {formatDay(first.day, locale)}
          </text>
        )}
        {last && (
          <text x="100%" y={height - 4} textAnchor="end" className="chart-axis">
            {formatDay(last.day, locale)}
          </text>
        )}
      </svg>
      <ul className="chart-legend">
        <li>
          <span className="chart-legend__swatch column-chart__answered" aria-hidden="true" />
          {t('progress.answered')}
        </li>
        <li>
          <span className="chart-legend__swatch column-chart__correct" aria-hidden="true" />
          {t('progress.correct')}
        </li>
      </ul>
      <ChartTable summary={t('progress.days.showTable')} caption={t('progress.days.title')}>
        <thead>
          <tr>
            <th scope="col">{t('progress.days.day')}</th>
            <th scope="col">{t('progress.answered')}</th>
            <th scope="col">{t('progress.correct')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">
                <time dateTime={day.day}>{formatDay(day.day, locale, true)}</time>
              </th>
              <td>{day.answered}</td>
              <td>{day.correct}</td>
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </section>
  );
}
