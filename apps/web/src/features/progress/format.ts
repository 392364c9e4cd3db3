/** A share 0..1 as a whole percentage for the locale, e.g. "82%" or "82 %". */
export function formatPercent(fraction: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    fraction,
  );
}

/** Correct answers as a share of those given; null when none were given. */
export const accuracy = (correct: number, answered: number): number | null =>
  answered > 0 ? correct / answered : null;

/** A calendar day (`2026-03-12`, UTC) as a short date, e.g. "12 Mar". */
export function formatDay(day: string, locale: string, long = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: long ? 'long' : 'short',
    timeZone: 'UTC',
  }).format(date);
}
