import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { question } from '../test-fixtures';

const capital = question('short_text', { accepted: ['Paris', 'Ville  Lumière'] });
const say = (q: typeof capital, text: string) => grade(q, { type: 'short_text', text });

describe('short_text', () => {
  it('matches any accepted answer and names it', () => {
    expect(say(capital, 'Paris')).toMatchObject({
      correct: true,
      score: 1,
      feedback: { type: 'short_text', matched: 'Paris' },
    });
    expect(say(capital, 'ville lumière')).toMatchObject({
      score: 1,
      feedback: { matched: 'Ville  Lumière' },
    });
  });

  it('scores anything else 0, with no partial credit for near-misses', () => {
    expect(say(capital, 'Pari')).toMatchObject({
      correct: false,
      score: 0,
      feedback: { matched: null },
    });
    expect(say(capital, '')).toMatchObject({ score: 0 });
  });

  it('ignores case unless the question is case-sensitive', () => {
    expect(say(capital, 'PARIS')).toMatchObject({ score: 1 });
    const strict = question('short_text', { accepted: ['NaCl'], caseSensitive: true });
    expect(say(strict, 'NaCl')).toMatchObject({ score: 1 });
    expect(say(strict, 'nacl')).toMatchObject({ score: 0 });
  });

  it('collapse trims and folds white space runs, tabs and newlines', () => {
    expect(say(capital, '  Paris \n')).toMatchObject({ score: 1 });
    expect(say(capital, 'Ville\t \u00a0Lumière')).toMatchObject({ score: 1 });
  });

  it('exact compares white space as typed', () => {
    const exact = question('short_text', { accepted: ['a  b'], whitespace: 'exact' });
    expect(say(exact, 'a  b')).toMatchObject({ score: 1 });
    expect(say(exact, 'a b')).toMatchObject({ score: 0 });
    expect(say(exact, 'a  b ')).toMatchObject({ score: 0 });
    expect(say(exact, 'A  B')).toMatchObject({ score: 1 });
  });

  it('treats NFD and NFC spellings alike, either way round', () => {
    const nfc = 'Lumi\u00e8re';
    const nfd = 'Lumie\u0300re';
    expect(nfc).not.toBe(nfd);
    expect(say(question('short_text', { accepted: [nfc] }), nfd)).toMatchObject({ score: 1 });
    expect(say(question('short_text', { accepted: [nfd] }), nfc)).toMatchObject({ score: 1 });
    const exact = question('short_text', { accepted: [nfc], whitespace: 'exact' });
    expect(say(exact, nfd)).toMatchObject({ score: 1 });
  });

  it('refuses a malformed answer', () => {
    const tooLong = say(capital, 'x'.repeat(1_001));
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'answer.invalid' } });
  });
});
