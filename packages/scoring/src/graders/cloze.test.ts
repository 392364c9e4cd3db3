import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { question } from '../test-fixtures';

const q = question('cloze', {
  points: 3,
  blanks: [
    { id: 'a', kind: 'text', accepted: ['mitochondria', 'mitochondrion'] },
    { id: 'b', kind: 'text', accepted: ['ATP'], caseSensitive: true },
    { id: 'c', kind: 'choice', options: ['nucleus', 'ribosome', 'ribosome'], correct: 2 },
  ],
});
const fill = (blanks: [string, string | number][]) =>
  grade(q, { type: 'cloze', blanks: blanks.map(([blankId, value]) => ({ blankId, value })) });

describe('cloze (fraction of blanks right)', () => {
  it('scores every blank right 1', () => {
    expect(
      fill([
        ['a', 'Mitochondrion'],
        ['b', 'ATP'],
        ['c', 2],
      ]),
    ).toMatchObject({ correct: true, score: 1, points: 3 });
  });

  it('scores every blank wrong 0', () => {
    expect(
      fill([
        ['a', 'nucleus'],
        ['b', 'atp'],
        ['c', 0],
      ]),
    ).toMatchObject({ correct: false, score: 0 });
  });

  it('gives credit per blank, with unanswered blanks wrong', () => {
    const result = fill([
      ['a', '  mitochondria  '],
      ['c', 1],
    ]);
    expect(result).toMatchObject({ score: 1 / 3, points: 1 });
    expect(result.ok && result.feedback).toEqual({
      type: 'cloze',
      blanks: [
        { blankId: 'a', given: '  mitochondria  ', expected: 'mitochondria', correct: true },
        { blankId: 'b', given: null, expected: 'ATP', correct: false },
        // Choice blanks go by index: option 1 has the same text as the right one, 2.
        { blankId: 'c', given: 1, expected: 'ribosome', correct: false },
      ],
    });
  });

  it("uses the short_text rules with each blank's caseSensitive", () => {
    expect(fill([['b', 'atp']])).toMatchObject({ score: 0 });
    expect(fill([['b', ' ATP ']])).toMatchObject({ score: 1 / 3 });
    expect(fill([['a', 'MITOCHONDRIA']])).toMatchObject({ score: 1 / 3 });
  });

  it('refuses unknown blanks, values of the wrong kind and indexes past the options', () => {
    const cases: [string, string | number][][] = [
      [['z', 'x']],
      [['a', 1]],
      [['c', 'ribosome']],
      [['c', 3]],
      [
        ['a', 'x'],
        ['a', 'y'],
      ],
    ];
    for (const blanks of cases) {
      expect(fill(blanks)).toMatchObject({ ok: false, error: { code: 'answer.invalid' } });
    }
    expect(fill([['c', -1]])).toMatchObject({ ok: false });
    expect(fill([['c', 0.5]])).toMatchObject({ ok: false });
  });
});
