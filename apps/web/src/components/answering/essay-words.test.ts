import { describe, expect, it } from 'vitest';
import { countWords, withinWordLimits } from './essay-words';

describe('countWords', () => {
  it('counts words as people do, whatever the spacing and punctuation', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n ')).toBe(0);
    expect(countWords('Rome fell,  slowly.\nThen —  Byzantium.')).toBe(5);
    expect(countWords("It's a well-known fact: 1453")).toBe(5);
    expect(countWords('Größe über Ähnlichkeit')).toBe(3);
  });

  it('checks a count against either limit', () => {
    expect(withinWordLimits(10, { minWords: null, maxWords: null })).toBe(true);
    expect(withinWordLimits(10, { minWords: 20, maxWords: null })).toBe(false);
    expect(withinWordLimits(30, { minWords: 20, maxWords: 30 })).toBe(true);
    expect(withinWordLimits(31, { minWords: null, maxWords: 30 })).toBe(false);
  });
});
