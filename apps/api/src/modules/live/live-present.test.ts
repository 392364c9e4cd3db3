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

describe('answerText for a hotspot', () => {
  const hotspot = (labels: [string, string]) =>
    questionContent.parse({
      type: 'hotspot',
      topic: 'Rivers',
      difficulty: 1,
      stem: 'Tap Cairo.',
      media: ['c'.repeat(64)],
      image: { sha256: 'c'.repeat(64), alt: 'A map', width: 400, height: 300 },
      regions: [
        {
          id: 'cairo',
          shape: 'circle',
          x: 0.5,
          y: 0.3,
          radius: 0.1,
          correct: true,
          label: labels[0],
        },
        {
          id: 'aswan',
          shape: 'circle',
          x: 0.5,
          y: 0.8,
          radius: 0.1,
          correct: false,
          label: labels[1],
        },
      ],
      markers: 1,
    });

  it('names the right regions, and points at the picture when they have no name', () => {
    expect(answerText(hotspot(['Cairo', 'Aswan']))).toBe('Cairo');
    expect(answerText(hotspot(['', '']))).toBe('the marked area');
  });
});
