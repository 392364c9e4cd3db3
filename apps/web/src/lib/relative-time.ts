const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/**
 * When `iso` is, said relative to `now` in the reader's language: "in 10 minutes", "tomorrow",
 * "in 3 days". Anything within half a minute is "now".
 */
export function formatRelativeTime(iso: string, locale: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const difference = at - now;
  if (Math.abs(difference) < 30_000) return format.format(0, 'second');
  for (const [unit, size] of units) {
    if (Math.abs(difference) >= size) return format.format(Math.round(difference / size), unit);
  }
  return format.format(Math.sign(difference), 'minute');
}
