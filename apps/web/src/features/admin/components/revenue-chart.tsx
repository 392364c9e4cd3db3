import type { RevenueReport } from '@questa/contracts';

type Month = RevenueReport['months'][number];

const top = 18;

/** "2026-03" as the reader writes a month: "Mar 2026", "März 2026". */
export function monthLabel(month: string, locale: string, style: 'short' | 'long' = 'short') {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(
        date,
      );
}

/** Labels under every month would collide on a phone; the first, middle and last orient the eye. */
function MonthAxis({ months, y, locale }: { months: string[]; y: number; locale: string }) {
  const slot = 100 / Math.max(1, months.length);
  const shown = new Set([0, Math.floor((months.length - 1) / 2), months.length - 1]);
  return (
    <>
      {months.map((month, index) =>
        shown.has(index) ? (
          <text
            key={month}
            x={`${index * slot + slot / 2}%`}
            y={y}
            textAnchor={
              months.length > 1 && index === 0
                ? 'start'
                : months.length > 1 && index === months.length - 1
                  ? 'end'
                  : 'middle'
            }
            className="billing-chart__axis-label"
          >
            {monthLabel(month, locale)}
          </text>
        ) : null,
      )}
    </>
  );
}

/**
 * One figure per month as columns, the largest named at the top. Horizontal positions are
 * percentages, so it fits any width. The picture is for the eye; its numbers are in the table
 * beside it, which `summary` points to.
 */
export function ColumnChart({
  values,
  locale,
  summary,
  format,
}: {
  values: { month: string; value: number }[];
  locale: string;
  summary: string;
  format: (value: number) => string;
}) {
  const plot = 110;
  const base = top + plot;
  const largest = Math.max(0, ...values.map((v) => v.value));
  const slot = 100 / Math.max(1, values.length);
  return (
    <svg className="billing-chart" role="img" aria-label={summary} width="100%" height={base + 20}>
      <text x="0" y={top - 6} className="billing-chart__axis-label">
        {format(largest)}
      </text>
      <line x1="0" x2="100%" y1={top} y2={top} className="billing-chart__grid" />
      {values.map(({ month, value }, index) => {
        const size = largest > 0 ? (Math.max(0, value) / largest) * plot : 0;
        return size > 0 ? (
          <rect
            key={month}
            x={`${index * slot + slot * 0.2}%`}
            y={base - size}
            width={`${slot * 0.6}%`}
            height={size}
            className="billing-chart__bar"
          />
        ) : null;
      })}
      <line x1="0" x2="100%" y1={base} y2={base} className="billing-chart__axis" />
      <MonthAxis months={values.map((v) => v.month)} y={base + 16} locale={locale} />
    </svg>
  );
}

/**
 * New subscribers per month as columns above the axis and churned ones below it, so the two read
 * apart without colour.
 */
export function SubscriberFlowChart({
  months,
  locale,
  summary,
}: {
  months: Month[];
  locale: string;
  summary: string;
}) {
  const half = 70;
  const axis = top + half;
  const height = axis + half + 20;
  const largest = Math.max(1, ...months.flatMap((m) => [m.newSubscribers, m.churned]));
  const slot = 100 / Math.max(1, months.length);
  const scaled = (count: number) => (count / largest) * half;

  return (
    <svg className="billing-chart" role="img" aria-label={summary} width="100%" height={height}>
      <text x="0" y={top - 6} className="billing-chart__axis-label">
        {largest}
      </text>
      <line x1="0" x2="100%" y1={top} y2={top} className="billing-chart__grid" />
      <line x1="0" x2="100%" y1={axis + half} y2={axis + half} className="billing-chart__grid" />
      {months.map((month, index) => {
        const x = `${index * slot + slot * 0.2}%`;
        const width = `${slot * 0.6}%`;
        return (
          <g key={month.month}>
            {month.newSubscribers > 0 && (
              <rect
                x={x}
                y={axis - scaled(month.newSubscribers)}
                width={width}
                height={scaled(month.newSubscribers)}
                className="billing-chart__bar"
              />
            )}
            {month.churned > 0 && (
              <rect
                x={x}
                y={axis}
                width={width}
                height={scaled(month.churned)}
                className="billing-chart__churned"
              />
            )}
          </g>
        );
      })}
      <line x1="0" x2="100%" y1={axis} y2={axis} className="billing-chart__axis" />
      <MonthAxis months={months.map((m) => m.month)} y={height - 4} locale={locale} />
    </svg>
  );
}
