import { describe, expect, it } from 'vitest';
import { answerInput } from './answer';

describe('answerInput', () => {
  it('accepts one answer of each type', () => {
    const answers = [
      { type: 'single_choice', optionId: 'a' },
      { type: 'multiple_response', optionIds: [] },
      { type: 'true_false', value: false },
      { type: 'short_text', text: '' },
      { type: 'numeric', value: -1.5 },
      { type: 'numeric', value: 2, unit: 'kg' },
      { type: 'ordering', itemIds: ['b', 'a'] },
      { type: 'matching', pairs: [{ pairId: 'p', answer: 'x' }] },
      {
        type: 'cloze',
        blanks: [
          { blankId: 'a', value: 'text' },
          { blankId: 'b', value: 0 },
        ],
      },
    ];
    for (const answer of answers) expect(answerInput.parse(answer)).toEqual(answer);
  });

  it('refuses unknown fields, unknown types and duplicate ids', () => {
    const refused = [
      { type: 'single_choice', optionId: 'a', correct: true },
      { type: 'drawing', strokes: [] },
      { type: 'essay', text: 'x'.repeat(30_001) },
      { type: 'multiple_response', optionIds: ['a', 'a'] },
      { type: 'ordering', itemIds: ['a'] },
      { type: 'ordering', itemIds: ['a', 'a'] },
      { type: 'matching', pairs: [{ pairId: 'p', answer: 'x', extra: 1 }] },
      { type: 'cloze', blanks: [{ blankId: 'a', value: true }] },
      { type: 'numeric', value: '3' },
      { type: 'single_choice', optionId: '' },
    ];
    for (const answer of refused) expect(answerInput.safeParse(answer).success).toBe(false);
  });
});
