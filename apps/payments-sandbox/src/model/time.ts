import type { Interval } from './objects';

export const DAY = 86_400;

/**
 * `anchor` moved by `count` intervals in UTC. Months keep the anchor's day where the month has
 * it and clamp to the month's last day otherwise (31 January, 28 February, 31 March), because
 * each period is counted from the anchor, never from the previous period's clamped end.
 */
export function addInterval(anchor: number, interval: Interval, count: number): number {
  if (interval === 'day') return anchor + count * DAY;
  if (interval === 'week') return anchor + count * 7 * DAY;
  const date = new Date(anchor * 1000);
  const months = interval === 'year' ? count * 12 : count;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
  return Math.floor(moved / 1000);
}

/** The end of the period that starts at or after `start`, counted from the billing anchor. */
export function periodEndAfter(
  anchor: number,
  start: number,
  recurring: { interval: Interval; interval_count: number },
): number {
  let periods = 1;
  let end = addInterval(anchor, recurring.interval, recurring.interval_count);
  while (end <= start) {
    periods += 1;
    end = addInterval(anchor, recurring.interval, recurring.interval_count * periods);
  }
  return end;
}
