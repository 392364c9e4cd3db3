import { describe, expect, it } from 'vitest';
import { guessFormat } from './guess-format';

describe('guessFormat', () => {
  it('reads the format from the extension, ignoring case', () => {
    expect(guessFormat('quiz.gift')).toBe('gift');
    expect(guessFormat('quiz.TXT')).toBe('gift');
    expect(guessFormat('moodle-export.xml')).toBe('moodle_xml');
    expect(guessFormat('package.qti.zip')).toBe('qti');
    expect(guessFormat('sheet.csv')).toBe('csv');
    expect(guessFormat('Kahoot quiz.xlsx')).toBe('kahoot_xlsx');
  });

  it('has no guess for other names', () => {
    expect(guessFormat('questions.json')).toBeUndefined();
    expect(guessFormat('README')).toBeUndefined();
  });
});
