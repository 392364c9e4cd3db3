import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS } from '@questa/contracts';
import { accountNickname } from './live-joining';

describe('accountNickname', () => {
  it('names a class member by their account, cut to a nickname’s length', () => {
    expect(accountNickname('Lena Learner', 0)).toBe('Lena Learner');
    const long = accountNickname('Maximiliane von Hohenberg-Schwarz', 0);
    expect(long).toBe('Maximiliane von Hohe');
    expect(long.length).toBe(LIVE_LIMITS.nicknameMax);
  });

  it('numbers a second learner of the same name, still within the length', () => {
    expect(accountNickname('Lena Learner', 1)).toBe('Lena Learner 2');
    const numbered = accountNickname('Maximiliane von Hohenberg-Schwarz', 2);
    expect(numbered).toBe('Maximiliane von Ho 3');
    expect(numbered.length).toBeLessThanOrEqual(LIVE_LIMITS.nicknameMax);
  });

  it('never leaves a class member without a name', () => {
    expect(accountNickname('   ', 0)).toBe('Learner');
  });
});
