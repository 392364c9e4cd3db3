import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { question } from '../test-fixtures';

const g = question('numeric', { value: 9.8, tolerance: 0.1, unit: 'm/s²', points: 4 });
const answer = (q: typeof g, value: number, unit?: string) =>
  grade(q, unit === undefined ? { type: 'numeric', value } : { type: 'numeric', value, unit });

describe('numeric', () => {
  it('accepts the exact value and anything within the tolerance', () => {
    expect(answer(g, 9.8)).toMatchObject({ correct: true, score: 1, points: 4 });
    expect(answer(g, 9.85)).toMatchObject({ score: 1 });
    expect(answer(g, 9.75)).toMatchObject({ score: 1 });
  });

  it('accepts both edges despite floating-point error', () => {
    // 9.8 − 9.7 is 0.10000000000000142 in binary floating point.
    expect(9.8 - 9.7).toBeGreaterThan(0.1);
    expect(answer(g, 9.7)).toMatchObject({ score: 1, feedback: { withinTolerance: true } });
    expect(answer(g, 9.9)).toMatchObject({ score: 1 });
    const tenth = question('numeric', { value: 1.1, tolerance: 0.1 });
    expect(answer(tenth, 1.0)).toMatchObject({ score: 1 });
    expect(answer(question('numeric', { value: 0.3, tolerance: 0 }), 0.1 + 0.2)).toMatchObject({
      score: 1,
    });
  });

  it('refuses values just outside the tolerance', () => {
    expect(answer(g, 9.9001)).toMatchObject({
      correct: false,
      score: 0,
      points: 0,
      feedback: { withinTolerance: false, unitAccepted: true },
    });
    expect(answer(g, 9.6999)).toMatchObject({ score: 0 });
  });

  it('stays exact for tiny quantities with no tolerance', () => {
    const planck = question('numeric', { value: 6.626e-34, tolerance: 0 });
    expect(answer(planck, 6.626e-34)).toMatchObject({ score: 1 });
    expect(answer(planck, 6.627e-34)).toMatchObject({ score: 0 });
    expect(answer(planck, 0)).toMatchObject({ score: 0 });
  });

  it('accepts a matching unit ignoring case, surrounding spaces and compatibility forms', () => {
    expect(answer(g, 9.8, 'm/s²')).toMatchObject({ score: 1 });
    expect(answer(g, 9.8, '  M/S² ')).toMatchObject({ score: 1 });
    expect(answer(g, 9.8, 'm/s2')).toMatchObject({ score: 1 });
  });

  it('refuses a different unit even when the value is right', () => {
    expect(answer(g, 9.8, 'km/h')).toMatchObject({
      score: 0,
      feedback: { withinTolerance: true, unitAccepted: false, unit: 'm/s²' },
    });
  });

  it('accepts no unit, or a blank one', () => {
    expect(answer(g, 9.8)).toMatchObject({ score: 1 });
    expect(answer(g, 9.8, '  ')).toMatchObject({ score: 1 });
  });

  it('accepts the documented spelled-out aliases, in either direction', () => {
    const length = question('numeric', { value: 3, tolerance: 0, unit: 'm' });
    expect(answer(length, 3, 'metres')).toMatchObject({ score: 1 });
    expect(answer(length, 3, 'Meters')).toMatchObject({ score: 1 });
    expect(answer(length, 3, 'mm')).toMatchObject({ score: 0 });
    const spelled = question('numeric', { value: 20, tolerance: 0, unit: 'degrees Celsius' });
    expect(answer(spelled, 20, '°C')).toMatchObject({ score: 1 });
    expect(answer(spelled, 20, '℃')).toMatchObject({ score: 1 });
  });

  it('ignores a unit given to a question without one', () => {
    const plain = question('numeric', { value: 42, tolerance: 0 });
    expect(answer(plain, 42, 'apples')).toMatchObject({ score: 1, feedback: { unit: null } });
  });

  it('refuses non-finite values as malformed', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(answer(g, value)).toMatchObject({ ok: false, error: { code: 'answer.invalid' } });
    }
  });
});
