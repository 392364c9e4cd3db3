import { describe, expect, it } from 'vitest';
import { guessFormat, guessTextFormat } from './guess-format';

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

  it('tells Aiken from GIFT in a .txt file by what it holds', () => {
    const aiken = 'Which is a prime?\nA. 4\nB) 7\nC. 9\nANSWER: B\n';
    expect(guessTextFormat(aiken)).toBe('aiken');
    expect(guessTextFormat('::Q1:: 2 + 2 = {=4 ~5}\n')).toBe('gift');
    // A GIFT question whose options happen to look lettered is still GIFT.
    expect(guessTextFormat('Pick one {\n=A. four\n~B. five\n}\nANSWER: A\n')).toBe('gift');
    expect(guessTextFormat('')).toBe('gift');
  });
});
