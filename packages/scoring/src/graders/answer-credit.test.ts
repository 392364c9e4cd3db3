import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { question } from '../test-fixtures';

describe('accepted answers worth part of the marks', () => {
  const river = question('short_text', {
    accepted: ['Danube', 'Donau', 'river'],
    credits: [1, 1, 0.5],
    points: 2,
  });
  const say = (text: string) => grade(river, { type: 'short_text', text });

  it('scores a short text with the credit of the answer it matches', () => {
    expect(say('Donau')).toMatchObject({ correct: true, score: 1, points: 2 });
    expect(say(' River ')).toMatchObject({
      correct: false,
      score: 0.5,
      points: 1,
      feedback: { type: 'short_text', matched: 'river', credit: 0.5 },
    });
    expect(say('Rhine')).toMatchObject({ score: 0, feedback: { matched: null } });
    const full = say('Donau');
    expect(full.ok && 'credit' in full.feedback).toBe(false);
  });

  it('takes the best credit when a text matches several answers, whatever their order', () => {
    const twice = question('short_text', {
      accepted: ['Paris', 'paris', 'PARIS'],
      credits: [1, 0.25, 0.5],
    });
    const shuffled = question('short_text', {
      accepted: ['Lutetia', 'paris', 'Paris'],
      credits: [1, 0.25, 0.5],
    });
    expect(grade(twice, { type: 'short_text', text: 'paris' })).toMatchObject({ score: 1 });
    expect(grade(shuffled, { type: 'short_text', text: 'PARIS' })).toMatchObject({
      score: 0.5,
      feedback: { matched: 'Paris', credit: 0.5 },
    });
  });

  const pi = question('numeric', {
    value: 3.1416,
    tolerance: 0.0001,
    alternatives: [
      { value: 3.14, tolerance: 0.005, credit: 0.5 },
      { value: 3, tolerance: 0.2, credit: 0.1 },
      { value: 22 / 7, tolerance: 0.0001, credit: 1 },
    ],
    unit: 'rad',
  });
  const value = (v: number, unit?: string) =>
    grade(
      pi,
      unit === undefined ? { type: 'numeric', value: v } : { type: 'numeric', value: v, unit },
    );

  it('scores a number with the best credit of the answers it lies within', () => {
    expect(value(3.14159)).toMatchObject({ correct: true, score: 1 });
    expect(value(3.142857)).toMatchObject({ correct: true, score: 1 });
    expect(value(3.14)).toMatchObject({
      score: 0.5,
      feedback: { withinTolerance: true, credit: 0.5, expected: 3.1416, tolerance: 0.0001 },
    });
    expect(value(2.9)).toMatchObject({ score: 0.1, feedback: { credit: 0.1 } });
    expect(value(2.5)).toMatchObject({ score: 0, feedback: { withinTolerance: false } });
  });

  it('gives no credit for a partly right number in the wrong unit', () => {
    expect(value(3.14, 'kg')).toMatchObject({
      score: 0,
      feedback: { withinTolerance: true, unitAccepted: false },
    });
    expect(value(3.14, 'RAD')).toMatchObject({ score: 0.5 });
  });
});
