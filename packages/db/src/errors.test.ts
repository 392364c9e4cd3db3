import { describe, expect, it } from 'vitest';
import { isUnavailableError } from './errors';

describe('isUnavailableError', () => {
  it('knows a server that is away from a statement that is wrong', () => {
    expect(isUnavailableError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isUnavailableError(Object.assign(new Error('shutdown'), { code: '57P01' }))).toBe(true);
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailableError(new AggregateError([new Error('PGlite is closed')]))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isUnavailableError(undefined)).toBe(false);
  });

  it('counts a fail-fast Redis client that gave up as away', () => {
    for (const message of [
      'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
      'Command timed out',
      'Connection is closed.',
    ]) {
      expect(isUnavailableError(new Error(message))).toBe(true);
    }
    expect(isUnavailableError(new Error('WRONGTYPE Operation against a key'))).toBe(false);
  });
});
