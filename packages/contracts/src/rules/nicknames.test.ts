import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS } from './live';
import { generatedNickname } from './nicknames';

describe('live nicknames', () => {
  it('generates names that fit', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 500; i++) {
      const name = generatedNickname(random);
      expect(name.length).toBeLessThanOrEqual(LIVE_LIMITS.nicknameMax);
    }
  });
});
