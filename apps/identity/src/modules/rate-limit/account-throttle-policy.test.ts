import { describe, expect, it } from 'vitest';
import { ACCOUNT_THROTTLE, accountWaitMs } from './account-throttle-policy';

describe('the delay on one account', () => {
  const at = 1_000_000;
  const wait = (failures: number, sinceMs = 0) =>
    accountWaitMs({ failures, lastFailureAt: at }, at + sinceMs);

  it('costs nothing for the first few failures', () => {
    expect(accountWaitMs(undefined, at)).toBe(0);
    for (let failures = 1; failures < ACCOUNT_THROTTLE.freeFailures; failures += 1) {
      expect(wait(failures)).toBe(0);
    }
  });

  it('doubles with each further failure, up to its ceiling', () => {
    const free = ACCOUNT_THROTTLE.freeFailures;
    expect(wait(free)).toBe(2_000);
    expect(wait(free + 1)).toBe(4_000);
    expect(wait(free + 2)).toBe(8_000);
    expect(wait(free + 40)).toBe(ACCOUNT_THROTTLE.maxDelayMs);
  });

  it('counts from the last failure and forgets it after a day', () => {
    const free = ACCOUNT_THROTTLE.freeFailures;
    expect(wait(free + 1, 1_500)).toBe(2_500);
    expect(wait(free + 1, 4_000)).toBe(0);
    expect(wait(free + 40, ACCOUNT_THROTTLE.forgetAfterMs)).toBe(0);
  });
});
