/*
 * The exam's clock is the server's. The browser's own clock may be minutes off, so the
 * page measures the difference once, when the attempt arrives, and counts down on the server's time.
 */

/** How far the server's clock is ahead of the browser's (negative when behind), in ms. */
export function clockOffset(serverNow: string, receivedAt: number): number {
  const server = new Date(serverNow).getTime();
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** Milliseconds left until `deadline` on the server's clock, never below zero. */
export function remainingMs(deadline: string, offset: number, now: number): number {
  const end = new Date(deadline).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - (now + offset));
}

/** `mm:ss`, rounding up so the clock shows 00:00 only when time is really over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Minutes-left marks a screen reader hears about; the clock itself is not read every second. */
export const announcedMinutes = [5, 1] as const;

/**
 * The minutes-left mark to announce: the smallest one the clock has reached since the page opened
 * (`startMs` left then), or null. A page opened with four minutes left announces only the last one.
 */
export function reachedMark(startMs: number, remaining: number): number | null {
  let reached: number | null = null;
  for (const minutes of announcedMinutes) {
    const mark = minutes * 60_000;
    if (startMs > mark && remaining <= mark) reached = minutes;
  }
  return reached;
}

/** The next retry's wait after `failures` failed tries in a row: 5 s, doubling, at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(30_000, 5_000 * 2 ** Math.max(0, failures - 1));
}
