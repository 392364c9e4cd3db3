import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionContent } from '@questa/contracts';
import {
  evaluateFormula,
  FORMULA_LIMITS,
  parseFormula,
  printFormula,
  seededRandom,
  type FormulaNode,
} from '@questa/contracts/rules';
import { correctAnswer } from './correct-answer';
import { grade } from './grade';
import { presentedValues, presentQuestion } from './present';

const runs = { numRuns: 300 };

const names = ['a', 'b', 'c'] as const;
const formula: fc.Arbitrary<FormulaNode> = fc.letrec<{ node: FormulaNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 1000 }).map((value) => ({ kind: 'number' as const, value })),
    fc.constantFrom(...names).map((name) => ({ kind: 'variable' as const, name })),
    tie('node').map((operand) => ({ kind: 'negate' as const, operand })),
    fc
      .tuple(fc.constantFrom('+', '-', '*', '/', '^' as const), tie('node'), tie('node'))
      .map(([operator, left, right]) => ({ kind: 'binary' as const, operator, left, right })),
    fc
      .tuple(fc.constantFrom('sqrt', 'abs', 'sin', 'exp', 'floor' as const), tie('node'))
      .map(([name, arg]) => ({ kind: 'call' as const, name, args: [arg] })),
    fc
      .tuple(fc.constantFrom('min', 'max', 'pow' as const), tie('node'), tie('node'))
      .map(([name, x, y]) => ({ kind: 'call' as const, name, args: [x, y] })),
  ),
})).node;

const same = (x: number, y: number) => Object.is(x, y) || x === y;

describe('formula properties', () => {
  it('never throws, whatever the text, and stays within its limits', () => {
    const alphabet = fc.constantFrom(...'0123456789.eE+-*/^(),{}ab sqrt pi_$×−'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 700 }), (source) => {
        const parsed = parseFormula(source);
        if (parsed.ok) {
          expect(source.length).toBeLessThanOrEqual(FORMULA_LIMITS.lengthMax);
          expect(() => evaluateFormula(parsed.tree, { a: 1, b: 2 })).not.toThrow();
        } else {
          expect(parsed.position).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('reads back what it prints, with the same value, in both spellings', () => {
    const values = fc.record({
      a: fc.integer({ min: -20, max: 20 }),
      b: fc.integer({ min: -20, max: 20 }),
      c: fc.integer({ min: -20, max: 20 }),
    });
    fc.assert(
      fc.property(formula, values, (tree, vars) => {
        for (const style of ['questa', 'moodle'] as const) {
          const printed = printFormula(tree, style);
          const again = parseFormula(printed);
          if (!again.ok) {
            // Only a formula past the length or nesting limits may fail to read back.
            expect(again.message).toMatch(/at most/);
            continue;
          }
          expect(same(evaluateFormula(again.tree, vars), evaluateFormula(tree, vars))).toBe(true);
        }
      }),
      runs,
    );
  });

  it('scores the revealed answer 1 for every drawn instance of a calculated question', () => {
    const definition = fc.record({
      formula: fc.constantFrom('a + b', 'a * b - c', 'a / b', 'sqrt(a) * c', 'pow(b, 2) / a'),
      decimals: fc.integer({ min: 0, max: 3 }),
      answerDecimals: fc.integer({ min: 0, max: 4 }),
      tolerance: fc.constantFrom(0, 0.01, 0.5),
      toleranceType: fc.constantFrom('absolute', 'relative'),
      seed: fc.integer(),
    });
    fc.assert(
      fc.property(definition, ({ seed, decimals, ...rest }) => {
        const q = questionContent.parse({
          type: 'calculated',
          topic: 'maths',
          difficulty: 1,
          stem: '{a}, {b} and {c}',
          variables: names.map((name) => ({ name, min: 1, max: 50, decimals })),
          ...rest,
        });
        const presented = presentQuestion(q, seededRandom(seed));
        const values = presentedValues(presented);
        expect(presented.stem).not.toMatch(/\{[abc]\}/);
        const result = grade(q, correctAnswer(q, values), values);
        expect(result).toMatchObject({ ok: true, correct: true, score: 1 });
      }),
      runs,
    );
  });
});
