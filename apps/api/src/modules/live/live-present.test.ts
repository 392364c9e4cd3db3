import { questionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { presentQuestion } from '@questa/scoring';
import { answerText, forTheRoom } from './live-present';

describe('answerText', () => {
  it("gives a calculated question's answer for the values the room was shown", () => {
    const content = questionContent.parse({
      type: 'calculated',
      topic: 'Speed',
      difficulty: 2,
      stem: '{d} km in {t} h: how fast?',
      variables: [
        { name: 'd', min: 10, max: 500, decimals: 0 },
        { name: 't', min: 1, max: 9, decimals: 0 },
      ],
      formula: 'd / t',
      tolerance: 0.1,
      answerDecimals: 1,
      unit: 'km/h',
    });
    expect(answerText(content, { d: 100, t: 3 })).toBe('33.3 km/h');
    expect(answerText(content)).toBe('');
  });
});

describe('forTheRoom', () => {
  it('leaves the author’s hints out of a live question and keeps the rest', () => {
    const content = questionContent.parse({
      type: 'single_choice',
      topic: 'Space',
      difficulty: 1,
      stem: 'Which planet is closest to the Sun?',
      hints: ['Think small.'],
      options: [
        { id: 'a', text: 'Mercury', correct: true },
        { id: 'b', text: 'Venus', correct: false },
      ],
    });
    const presented = presentQuestion(content, Math.random);
    expect(presented).toHaveProperty('hints');
    const shown = forTheRoom(presented);
    expect(shown).not.toHaveProperty('hints');
    expect({ ...shown, hints: presented.hints }).toEqual(presented);
  });
});
