import { questionContent } from '@questa/contracts';
import { drawInstance, instantiate, seededRandom } from '@questa/contracts/rules';
import { describe, expect, it } from 'vitest';
import { correctAnswer } from './correct-answer';
import { grade } from './grade';
import { presentedValues, presentQuestion } from './present';
import { question } from './test-fixtures';

const area = question('calculated', {
  stem: 'A field is {a} m long and {b} m wide. Its area in m²?',
  variables: [
    { name: 'a', min: 2, max: 9, decimals: 0 },
    { name: 'b', min: 10, max: 20, decimals: 1 },
  ],
  formula: 'a * b',
  tolerance: 0.5,
  toleranceType: 'absolute',
  answerDecimals: 1,
  unit: 'm²',
});

describe('calculated questions', () => {
  it('present the stem with drawn values and keep the values, never the formula', () => {
    const presented = presentQuestion(area, seededRandom(7));
    expect(presented.type).toBe('calculated');
    if (presented.type !== 'calculated') return;
    const { a, b } = presented.values;
    expect(a).toBeGreaterThanOrEqual(2);
    expect(a).toBeLessThanOrEqual(9);
    expect(Number.isInteger(a)).toBe(true);
    expect(b).toBeGreaterThanOrEqual(10);
    expect(b).toBeLessThanOrEqual(20);
    expect(presented.stem).toBe(
      `A field is ${a} m long and ${b!.toFixed(1)} m wide. Its area in m²?`,
    );
    expect(JSON.stringify(presented)).not.toContain('a * b');
    expect(presented.unit).toBe('m²');
  });

  it('draw new values on each presentation', () => {
    const random = seededRandom(3);
    const draws = new Set(
      Array.from({ length: 10 }, () =>
        JSON.stringify(presentedValues(presentQuestion(area, random))),
      ),
    );
    expect(draws.size).toBeGreaterThan(5);
  });

  it('grade against the answer for the values the learner was shown', () => {
    const values = { a: 4, b: 12.5 };
    expect(grade(area, { type: 'calculated', value: 50 }, values)).toMatchObject({
      ok: true,
      correct: true,
      feedback: { type: 'calculated', expected: 50, tolerance: 0.5, values },
    });
    expect(grade(area, { type: 'calculated', value: 50.4, unit: 'm²' }, values)).toMatchObject({
      correct: true,
    });
    expect(grade(area, { type: 'calculated', value: 51 }, values)).toMatchObject({
      ok: true,
      correct: false,
      feedback: { withinTolerance: false, difference: 1 },
    });
    // The same answer is wrong for other numbers.
    expect(grade(area, { type: 'calculated', value: 50 }, { a: 5, b: 12.5 })).toMatchObject({
      correct: false,
    });
    expect(correctAnswer(area, values)).toEqual({ type: 'calculated', value: 50, unit: 'm²' });
  });

  it('refuse to grade without the values, as a caller error', () => {
    expect(grade(area, { type: 'calculated', value: 50 })).toMatchObject({
      ok: false,
      error: { code: 'answer.instance_missing' },
    });
    expect(grade(area, { type: 'calculated', value: 50 }, { a: 4 })).toMatchObject({
      ok: false,
      error: { code: 'answer.instance_missing' },
    });
    expect(() => correctAnswer(area)).toThrow(/values/);
    expect(grade(area, { type: 'numeric', value: 50 }, { a: 4, b: 12.5 })).toMatchObject({
      ok: false,
      error: { code: 'answer.type_mismatch' },
    });
  });

  it('apply a relative tolerance to the instance answer and round it to the answer decimals', () => {
    const relative = question('calculated', {
      stem: '{x} / 3?',
      variables: [{ name: 'x', min: 1, max: 100, decimals: 0 }],
      formula: 'x / 3',
      tolerance: 0.01,
      toleranceType: 'relative',
      answerDecimals: 2,
    });
    const instance = instantiate(relative, { x: 10 });
    expect(instance).toMatchObject({ answer: 3.33, tolerance: 0.0333, stem: '10 / 3?' });
    expect(grade(relative, { type: 'calculated', value: 3.3 }, { x: 10 })).toMatchObject({
      correct: true,
    });
    expect(grade(relative, { type: 'calculated', value: 3.2 }, { x: 10 })).toMatchObject({
      correct: false,
    });
  });

  it('draw again when the values leave the formula without an answer', () => {
    const reciprocal = question('calculated', {
      stem: '1 / ({a} - {b})?',
      variables: [
        { name: 'a', min: 1, max: 3, decimals: 0 },
        { name: 'b', min: 1, max: 3, decimals: 0 },
      ],
      formula: '1 / (a - b)',
      tolerance: 0,
    });
    const random = seededRandom(11);
    for (let i = 0; i < 50; i++) {
      const instance = drawInstance(reciprocal, random);
      expect(instance).not.toBeNull();
      expect(instance!.values.a).not.toBe(instance!.values.b);
    }
    // A random source that always gives the same, unusable draw still ends with an instance.
    expect(drawInstance(reciprocal, () => 0)).not.toBeNull();
  });

  it('keep to the step when one is set', () => {
    const stepped = question('calculated', {
      stem: '{n} × 2?',
      variables: [{ name: 'n', min: 5, max: 50, decimals: 0, step: 5 }],
      formula: 'n * 2',
      tolerance: 0,
    });
    const random = seededRandom(5);
    for (let i = 0; i < 30; i++) {
      const n = drawInstance(stepped, random)!.values.n!;
      expect(n % 5).toBe(0);
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(50);
    }
  });
});

describe('the calculated contract', () => {
  const base = {
    type: 'calculated',
    topic: 'maths',
    difficulty: 2,
    stem: '{a} + {b}?',
    variables: [
      { name: 'a', min: 1, max: 5, decimals: 0 },
      { name: 'b', min: 1, max: 5, decimals: 0 },
    ],
    formula: 'a + b',
    tolerance: 0,
  };
  const issues = (overrides: Record<string, unknown>) => {
    const parsed = questionContent.safeParse({ ...base, ...overrides });
    return parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a complete definition with defaults', () => {
    const parsed = questionContent.parse(base);
    expect(parsed).toMatchObject({ toleranceType: 'absolute', answerDecimals: 2 });
  });

  it('refuses undefined placeholders and formula variables, and unreadable formulas', () => {
    expect(issues({ stem: '{a} + {c}?' })).toEqual(['stem: {c} is not a variable']);
    expect(issues({ formula: 'a + c' })).toEqual(['formula: c is not a variable']);
    expect(issues({ formula: 'a +' })).toEqual([
      'formula: the formula ends too early (at character 4)',
    ]);
    expect(issues({ formula: 'a / (b - b)' })).toEqual([
      'formula: the formula gives no finite answer for values in these ranges',
    ]);
  });

  it('refuses bad variables', () => {
    const variable = (fields: Record<string, unknown>) => ({
      variables: [{ name: 'a', min: 1, max: 5, decimals: 0, ...fields }, base.variables[1]],
    });
    expect(issues(variable({ max: 0 }))).toEqual(['variables.0.max: must not be below min']);
    expect(issues(variable({ name: 'sqrt' }))[0]).toMatch(/function name/);
    expect(issues(variable({ name: '1a' }))[0]).toMatch(/a letter or _/);
    expect(issues(variable({ decimals: 7 }))[0]).toMatch(/variables.0.decimals/);
    expect(issues({ variables: [base.variables[0], base.variables[0]] })).toContain(
      'variables: variable names must be unique',
    );
  });
});
