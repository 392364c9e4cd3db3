/**
 * How sign-in slows down for one account that keeps being guessed at, from whatever addresses.
 * A few mistakes cost nothing; after that each further attempt waits twice as long as the one
 * before, up to a ceiling, which makes guessing slow without shutting the owner out: a browser
 * that has signed in to the account before is not made to wait (see known-devices.ts).
 */
export const ACCOUNT_THROTTLE = {
  /** Failures in a row that cost nothing: typos, a forgotten caps lock. */
  freeFailures: 5,
  firstDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
  /** Failures are forgotten this long after the last one, and a success forgets them at once. */
  forgetAfterMs: 24 * 60 * 60_000,
  /** The owner is mailed when the delay starts, at most once in this period. */
  noticePeriodMs: 24 * 60 * 60_000,
} as const;

export interface FailureRecord {
  failures: number;
  lastFailureAt: number;
}

/** Milliseconds the next attempt must still wait, 0 when it may go ahead now. */
export function accountWaitMs(record: FailureRecord | undefined, now: number): number {
  if (!record || now - record.lastFailureAt >= ACCOUNT_THROTTLE.forgetAfterMs) return 0;
  const over = record.failures - ACCOUNT_THROTTLE.freeFailures;
  if (over < 0) return 0;
  const delay = Math.min(ACCOUNT_THROTTLE.maxDelayMs, ACCOUNT_THROTTLE.firstDelayMs * 2 ** over);
  return Math.max(0, record.lastFailureAt + delay - now);
}

/** Whether this failure is the one that starts the delay, when the owner should hear of it. */
export const startsDelay = (failures: number) => failures === ACCOUNT_THROTTLE.freeFailures;
