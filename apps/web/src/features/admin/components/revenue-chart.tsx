import type { RevenueReport } from '@questa/contracts';

type Month = RevenueReport['months'][number];

const top = 16;
const half = 90;
const axis = top + half;
const height = axis + half + 24;

/** "2026-03" as the reader writes a month: "Mar 2026", "März 2026". */
export function monthLabel(month: string, locale: string, style: 'short' | 'long' = 'short') {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(
        date,
      );
}

/**
 * New subscribers per month as columns above the axis and churned ones below it, so the two read
 * apart without colour. Horizontal positions are percentages: it fits any width. The picture is
 * for the eye; its numbers are the table beside it, which the picture names as its alternative.
 */
export function SubscriberFlowChart({
  months,
  locale,
  summary,
}: {
  months: Month[];
  locale: string;
  /** What the chart shows, in a sentence, for those who cannot see it. */
  summary: string;
}) {
  const largest = Math.max(1, ...months.flatMap((m) => [m.newSubscribers, m.churned]));
  const slot = 100 / Math.max(1, months.length);
  const scaled = (count: number) => (count / largest) * half;
  // Labels under every month would collide on a phone; the first, middle and last orient the eye.
  const labelled = new Set([0, Math.floor((months.length - 1) / 2), months.length - 1]);

  return (
    <svg className="billing-chart" role="img" aria-label={summary} width="100%" height={height}>
      <text x="0" y={top - 4} className="billing-chart__axis-label">
        {largest}
      </text>
      <line x1="0" x2="100%" y1={top} y2={top} className="billing-chart__grid" />
      <line x1="0" x2="100%" y1={axis + half} y2={axis + half} className="billing-chart__grid" />
      {months.map((month, index) => {
        const x = index * slot + slot * 0.2;
        const width = `${slot * 0.6}%`;
        return (
          <g key={month.month}>
            {month.newSubscribers > 0 && (
              <rect
                x={`${x}%`}
                y={axis - scaled(month.newSubscribers)}
                width={width}
                height={scaled(month.newSubscribers)}
                className="billing-chart__new"
              />
            )}
            {month.churned > 0 && (
              <rect
                x={`${x}%`}
                y={axis}
                width={width}
                height={scaled(month.churned)}
                className="billing-chart__churned"
              />
            )}
            {labelled.has(index) && (
              <text
                x={`${index * slot + slot / 2}%`}
                y={height - 4}
                textAnchor={
                  index === 0 && months.length > 1
                    ? 'start'
                    : index === months.length - 1 && months.length > 1
                      ? 'end'
                      : 'middle'
                }
                className="billing-chart__axis-label"
              >
                {monthLabel(month.month, locale)}
              </text>
            )}
          </g>
        );
      })}
      <line x1="0" x2="100%" y1={axis} y2={axis} className="billing-chart__axis" />
    </svg>
  );
}

/** Money collected per month in one currency, as columns; negative months (refunds) go below. */
export function CollectedChart({
  values,
  summary,
}: {
  values: { month: string; amount: number }[];
  summary: string;
}) {
  const largest = Math.max(1, ...values.map((v) => Math.abs(v.amount)));
  const anyNegative = values.some((v) => v.amount < 0);
  const plot = 120;
  const base = top + plot;
  const chartHeight = base + (anyNegative ? plot / 2 : 0) + 8;
  const slot = 100 / Math.max(1, values.length);
  return (
    <svg
      className="billing-chart"
      role="img"
      aria-label={summary}
      width="100%"
      height={chartHeight}
    >
      <line x1="0" x2="100%" y1={top} y2={top} className="billing-chart__grid" />
      {values.map((value, index) => {
        const size = (Math.abs(value.amount) / largest) * (value.amount < 0 ? plot / 2 : plot);
        return value.amount === 0 ? null : (
          <rect
            key={value.month}
            x={`${index * slot + slot * 0.2}%`}
            y={value.amount > 0 ? base - size : base}
            width={`${slot * 0.6}%`}
            height={size}
            className={value.amount > 0 ? 'billing-chart__money' : 'billing-chart__churned'}
          />
        );
      })}
      <line x1="0" x2="100%" y1={base} y2={base} className="billing-chart__axis" />
    </svg>
  );
}
