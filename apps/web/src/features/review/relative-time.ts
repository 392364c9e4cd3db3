const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/**
 * How far `iso` is from `now`, in the largest whole unit that fits: "in 10 minutes", "in 3 days",
 * "tomorrow". Anything under a minute away, or already past, reads as "now".
 */
export function formatRelativeTime(iso: string, locale: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (!Number.isFinite(seconds) || seconds < 60) return format.format(0, 'second');
  for (const [unit, size] of units) {
    if (seconds >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(1, 'minute');
}
