import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../lib/i18n';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { roundPoints, scoreText } from './score';

const inEnglish = createTranslator('en', en, en);
const inGerman = createTranslator('de', de, en);

describe('score text', () => {
  it('rounds partial credit to at most two decimals', () => {
    expect(scoreText(inEnglish, 0.5, 1)).toBe('0.5 of 1 point');
    expect(scoreText(inEnglish, 2 / 3, 1)).toBe('0.67 of 1 point');
    expect(scoreText(inEnglish, 0.6666, 1)).toBe('0.67 of 1 point');
    expect(roundPoints(1 / 3)).toBe(0.33);
  });

  it('says whole points without decimals', () => {
    expect(scoreText(inEnglish, 1, 1)).toBe('1 of 1 point');
    expect(scoreText(inEnglish, 0, 1)).toBe('0 of 1 point');
  });

  it('puts "points" in the plural when there were more to get', () => {
    expect(scoreText(inEnglish, 1, 2)).toBe('1 of 2 points');
    expect(scoreText(inEnglish, 4 / 3, 2)).toBe('1.33 of 2 points');
    expect(scoreText(inEnglish, 0, 3)).toBe('0 of 3 points');
  });

  it('writes numbers the reader’s way', () => {
    expect(scoreText(inGerman, 2 / 3, 1)).toBe('0,67 von 1 Punkt');
    expect(scoreText(inGerman, 1.5, 2)).toBe('1,5 von 2 Punkten');
  });
});
