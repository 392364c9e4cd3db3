import { describe, expect, it } from 'vitest';
import { evaluateFormula, FORMULA_LIMITS, parseFormula, printFormula } from './formula';

const value = (source: string, values: Record<string, number> = {}) => {
  const parsed = parseFormula(source);
  if (!parsed.ok) throw new Error(`${source}: ${parsed.message}`);
  return evaluateFormula(parsed.tree, values);
};

describe('parseFormula and evaluateFormula', () => {
  it('follows the usual precedence and associativity', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('(1 + 2) * 3')).toBe(9);
    expect(value('10 - 4 - 3')).toBe(3);
    expect(value('48 / 4 / 2')).toBe(6);
    expect(value('2 ^ 3 ^ 2')).toBe(512);
    expect(value('-2 ^ 2')).toBe(-4);
    expect(value('(-2) ^ 2')).toBe(4);
    expect(value('2 ^ -1')).toBe(0.5);
    expect(value('--3')).toBe(3);
    expect(value('2 ** 3')).toBe(8);
    expect(value('1.5e2 + .5')).toBe(150.5);
  });

  it('reads typographic signs as their ASCII twins', () => {
    expect(value('6 × 2 ÷ 3 − 1')).toBe(3);
  });

  it('takes variables bare or in Moodle braces, and lists each once', () => {
    expect(value('{a} * b + a', { a: 2, b: 5 })).toBe(12);
    const parsed = parseFormula('{a} * b + a');
    expect(parsed.ok && parsed.variables).toEqual(['a', 'b']);
  });

  it('knows the common Moodle functions', () => {
    expect(value('sqrt(16) + abs(-2)')).toBe(6);
    expect(value('pow(2, 10)')).toBe(1024);
    expect(value('min(3, 1, 2) + max(3, 1, 2)')).toBe(4);
    expect(value('round(2.345, 2)')).toBe(2.35);
    expect(value('round(2.5) + floor(2.7) + ceil(2.1)')).toBe(8);
    expect(value('log(exp(2))')).toBeCloseTo(2);
    expect(value('ln(1) + log10(1000)')).toBe(3);
    expect(value('log(8, 2)')).toBeCloseTo(3);
    expect(value('sin(pi() / 2) + cos(0) + tan(0)')).toBeCloseTo(2);
    expect(value('asin(1) + acos(1) + atan(0)')).toBeCloseTo(Math.PI / 2);
    expect(value('atan2(1, 1)')).toBeCloseTo(Math.PI / 4);
  });

  it('gives NaN or Infinity, never a throw, where arithmetic has no answer', () => {
    expect(value('1 / 0')).toBe(Infinity);
    expect(value('sqrt(-1)')).toBeNaN();
    expect(value('a + 1')).toBeNaN();
  });

  it('refuses what is not a formula, naming where', () => {
    const cases: [string, RegExp, number][] = [
      ['', /empty/, 0],
      ['1 +', /ends too early/, 3],
      ['(1 + 2', /expected “\)”/, 6],
      ['1 2', /unexpected text/, 2],
      ['foo(1)', /no function “foo”/, 0],
      ['sqrt(1, 2)', /sqrt takes 1 argument/, 0],
      ['pi(1)', /pi takes 0 argument/, 0],
      ['2 $ 3', /unexpected character “\$”/, 2],
      ['{a', /enclose a variable/, 0],
      ['constructor.prototype', /unexpected character/, 11],
      ['*3', /unexpected “\*”/, 0],
    ];
    for (const [source, message, position] of cases) {
      const parsed = parseFormula(source);
      expect(parsed.ok, source).toBe(false);
      if (!parsed.ok) {
        expect(parsed.message, source).toMatch(message);
        expect(parsed.position, source).toBe(position);
      }
    }
  });

  it('treats names of object properties as plain variables, not as built-ins', () => {
    expect(value('constructor + toString', { constructor: 1, toString: 2 })).toBe(3);
    expect(value('__proto__ + 1')).toBeNaN();
    expect(parseFormula('hasOwnProperty(1)').ok).toBe(false);
  });

  it('bounds length, nesting and parts, so hostile input costs little', () => {
    const long = '1+'.repeat(FORMULA_LIMITS.lengthMax) + '1';
    expect(parseFormula(long)).toMatchObject({ ok: false, message: /at most 500 characters/ });
    const deep = `${'('.repeat(200)}1${')'.repeat(200)}`;
    expect(parseFormula(deep)).toMatchObject({ ok: false, message: /nest at most/ });
    const signs = `${'-'.repeat(150)}1`;
    expect(parseFormula(signs)).toMatchObject({ ok: false, message: /nest at most/ });
    const calls = `${'abs('.repeat(60)}1${')'.repeat(60)}`;
    expect(parseFormula(calls)).toMatchObject({ ok: false, message: /nest at most/ });
    const parts = Array.from({ length: 200 }, () => 'a').join('+');
    expect(parseFormula(parts)).toMatchObject({ ok: false, message: /at most 250 parts/ });
    const nested = `${'('.repeat(20)}1${')'.repeat(20)}`;
    expect(value(nested)).toBe(1);
  });
});

describe('printFormula', () => {
  it('writes back what reads the same and computes the same, without needless parentheses', () => {
    for (const source of ['a - (b - c)', 'a / (b * c)', '(a + b) * c', '-a ^ 2', '(-a) ^ 2']) {
      const parsed = parseFormula(source);
      if (!parsed.ok) throw new Error(source);
      const printed = printFormula(parsed.tree);
      const again = parseFormula(printed);
      expect(again.ok && again.tree, printed).toEqual(parsed.tree);
    }
    // A sum on the right keeps its parentheses: floating-point addition is not associative.
    const parsed = parseFormula('a - (b - c) + (a + b)');
    expect(parsed.ok && printFormula(parsed.tree)).toBe('a - (b - c) + (a + b)');
    const left = parseFormula('(a + b) + c');
    expect(left.ok && printFormula(left.tree)).toBe('a + b + c');
  });

  it("writes Moodle's spelling: braced variables, pow and log", () => {
    const parsed = parseFormula('a ^ 2 + ln(b)');
    expect(parsed.ok && printFormula(parsed.tree, 'moodle')).toBe('pow({a}, 2) + log({b})');
  });
});
