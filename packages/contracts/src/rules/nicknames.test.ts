import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS } from './live';
import { generatedNickname, isOffensiveNickname } from './nicknames';

describe('live nicknames', () => {
  it('refuses offensive words, also spelled with letter swaps, spaces or accents', () => {
    for (const name of ['shit', 'Sh1t head', 'f u c k', 'B!tch', 'pÉnis', 'N4Z1', 'big dick']) {
      expect(isOffensiveNickname(name), name).toBe(true);
    }
  });

  it('lets ordinary names through', () => {
    for (const name of [
      'Ada',
      'Quiz Whiz',
      'Team 7',
      'Élodie',
      'Dickens fan',
      'Therapist',
      'Cocktail',
    ]) {
      expect(isOffensiveNickname(name), name).toBe(false);
    }
  });

  it('generates names that fit and pass the filter', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 500; i++) {
      const name = generatedNickname(random);
      expect(name.length).toBeLessThanOrEqual(LIVE_LIMITS.nicknameMax);
      expect(isOffensiveNickname(name)).toBe(false);
    }
  });
});
