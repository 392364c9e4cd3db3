import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

const key = randomBytes(32);
const userId = '7b0e9a52-4c1d-4f7e-9a3b-2d5c6e7f8a90';

describe('unsubscribe tokens', () => {
  it('name the person and kind they were signed for', () => {
    const token = signUnsubscribe(key, userId, 'essay_graded');
    expect(verifyUnsubscribe(key, token)).toEqual({ userId, kind: 'essay_graded' });
  });

  it('refuse a forged, altered or foreign token', () => {
    const token = signUnsubscribe(key, userId, 'essay_graded');
    const [payload, signature] = token.split('.') as [string, string];
    const other = Buffer.from(
      JSON.stringify({ p: 'unsubscribe', u: 'someone-else', k: 'essay_graded' }),
    ).toString('base64url');
    expect(verifyUnsubscribe(key, `${other}.${signature}`)).toBeNull();
    expect(verifyUnsubscribe(randomBytes(32), token)).toBeNull();
    expect(verifyUnsubscribe(key, `${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
    expect(verifyUnsubscribe(key, payload)).toBeNull();
    expect(verifyUnsubscribe(key, `${token}.extra`)).toBeNull();
  });
});
