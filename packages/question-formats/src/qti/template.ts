import {
  formulaFunctions,
  printFormula,
  VARIABLE_NAME,
  type CalculatedVariable,
  type FormulaFunction,
  type FormulaNode,
} from '@questa/contracts/rules';
import { parseNumber } from '../shared/result';
import type { XmlElement } from '../shared/xml';
import { childElements, isElement, path, textContent } from '../shared/xml';

/*
 * QTI template items as calculated questions: the simple shape, where template processing draws
 * each variable with qti-random-integer or qti-random-float and sets the correct response of one
 * numeric answer with an expression of them. Anything else (conditions, containers, constraints,
 * a chosen option as the answer) is refused with the reason, and the item is skipped.
 */

/** A random float has no decimals in QTI; the values drawn keep this many. */
export const FLOAT_DECIMALS = 2;

export interface TemplateReading {
  variables: CalculatedVariable[];
  formula: string;
  /** The response whose correct value the formula gives. */
  responseId: string;
  /** Set when the answer is rounded to decimal places, as Questa's own export writes it. */
  answerDecimals: number | undefined;
  warnings: string[];
}

const OPERATORS: Record<string, '+' | '*'> = { 'qti-sum': '+', 'qti-product': '*' };
const BINARY: Record<string, '-' | '/' | '^'> = {
  'qti-subtract': '-',
  'qti-divide': '/',
  'qti-power': '^',
};
/** QTI's math operators that Questa's formulas have; QTI's `log` is base 10. */
const MATH: Record<string, FormulaFunction> = {
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  asin: 'asin',
  acos: 'acos',
  atan: 'atan',
  atan2: 'atan2',
  exp: 'exp',
  ln: 'ln',
  log: 'log10',
  abs: 'abs',
  floor: 'floor',
  ceil: 'ceil',
};

class Refused extends Error {}

const elements = (el: XmlElement) => el.children.filter(isElement);
const number = (value: number): FormulaNode =>
  value < 0
    ? { kind: 'negate', operand: { kind: 'number', value: -value } }
    : { kind: 'number', value };

function expression(el: XmlElement, known: Map<string, FormulaNode>): FormulaNode {
  const args = () => elements(el).map((child) => expression(child, known));
  const fold = (operator: '+' | '*') => {
    const [first, ...rest] = args();
    if (!first) throw new Refused(`<${el.name}> has nothing to compute`);
    return rest.reduce<FormulaNode>(
      (left, right) => ({ kind: 'binary', operator, left, right }),
      first,
    );
  };
  const two = () => {
    const [left, right] = args();
    if (!left || !right) throw new Refused(`<${el.name}> needs two expressions`);
    return [left, right] as const;
  };
  const call = (name: FormulaFunction, list: FormulaNode[]): FormulaNode => ({
    kind: 'call',
    name,
    args: list,
  });
  if (el.name in OPERATORS) return fold(OPERATORS[el.name]!);
  if (el.name in BINARY) {
    const [left, right] = two();
    return { kind: 'binary', operator: BINARY[el.name]!, left, right };
  }
  switch (el.name) {
    case 'qti-base-value': {
      const value = parseNumber(textContent(el).trim());
      if (Number.isNaN(value)) throw new Refused('a base value in the answer is not a number');
      return number(value);
    }
    case 'qti-variable': {
      const node = known.get(el.attrs.identifier ?? '');
      if (!node)
        throw new Refused(
          `the answer uses "${el.attrs.identifier ?? ''}", which no random value sets`,
        );
      return node;
    }
    case 'qti-integer-divide': {
      const [left, right] = two();
      return call('floor', [{ kind: 'binary', operator: '/', left, right }]);
    }
    case 'qti-min':
    case 'qti-max':
      return call(el.name === 'qti-min' ? 'min' : 'max', args());
    case 'qti-round':
      return call('round', args());
    case 'qti-round-to': {
      const figures = Number(el.attrs.figures);
      if (el.attrs['rounding-mode'] !== 'decimalPlaces' || !Number.isInteger(figures)) {
        throw new Refused('rounding to significant figures has no formula in Questa');
      }
      return call('round', [...args(), number(figures)]);
    }
    case 'qti-math-operator': {
      const name = MATH[el.attrs.name ?? ''];
      if (!name)
        throw new Refused(`the math operator "${el.attrs.name ?? ''}" has no formula in Questa`);
      return call(name, args());
    }
    case 'qti-math-constant':
      if (el.attrs.name === 'pi') return call('pi', []);
      if (el.attrs.name === 'e') return call('exp', [number(1)]);
      throw new Refused(`the constant "${el.attrs.name ?? ''}" has no formula in Questa`);
    default:
      throw new Refused(`the answer is computed with <${el.name}>, which Questa cannot translate`);
  }
}

/** `figures` of a `qti-round-to` to decimal places; undefined for any other element. */
function decimalPlaces(el: XmlElement | undefined): number | undefined {
  if (el?.name !== 'qti-round-to' || el.attrs['rounding-mode'] !== 'decimalPlaces')
    return undefined;
  const figures = Number(el.attrs.figures);
  return Number.isInteger(figures) && figures >= 0 ? figures : undefined;
}

function randomVariable(name: string, random: XmlElement, warnings: string[]): CalculatedVariable {
  const min = parseNumber(random.attrs.min ?? '0');
  const max = parseNumber(random.attrs.max ?? '');
  if (Number.isNaN(min) || Number.isNaN(max)) {
    throw new Refused(`the range of "${name}" is not given as numbers (a template variable?)`);
  }
  if (random.name === 'qti-random-integer') {
    const step = parseNumber(random.attrs.step ?? '1');
    return step > 1 ? { name, min, max, decimals: 0, step } : { name, min, max, decimals: 0 };
  }
  warnings.push(`"${name}" is drawn with ${FLOAT_DECIMALS} decimals, which QTI does not say`);
  return { name, min, max, decimals: FLOAT_DECIMALS };
}

/**
 * Reads template processing into variables and a formula, or the reason it cannot. Template
 * variables that other expressions derive from random ones are folded into the formula.
 */
export function readTemplate(root: XmlElement): TemplateReading | { refused: string } {
  const warnings: string[] = [];
  try {
    const declared = childElements(root, 'qti-template-declaration');
    for (const d of declared) {
      if ((d.attrs.cardinality ?? 'single') !== 'single') {
        throw new Refused(
          `the template variable "${d.attrs.identifier ?? ''}" is a container (${d.attrs.cardinality}), not one number`,
        );
      }
      if (!['integer', 'float'].includes(d.attrs['base-type'] ?? '')) {
        throw new Refused(`the template variable "${d.attrs.identifier ?? ''}" is not a number`);
      }
    }
    const processing = path(root, 'qti-template-processing');
    if (!processing) throw new Refused('it declares template variables but never sets them');
    const variables: CalculatedVariable[] = [];
    const known = new Map<string, FormulaNode>();
    let answer:
      { responseId: string; formula: FormulaNode; answerDecimals: number | undefined } | undefined;
    for (const rule of elements(processing)) {
      const id = rule.attrs.identifier ?? '';
      const [value] = elements(rule);
      if (rule.name === 'qti-set-template-value' && value) {
        // A random float rounded to decimal places: how Questa writes a variable with decimals.
        const rounded = decimalPlaces(value);
        const [inner] = rounded === undefined ? [] : elements(value);
        if (rounded !== undefined && inner?.name === 'qti-random-float') {
          if (!VARIABLE_NAME.test(id) || (formulaFunctions as string[]).includes(id)) {
            throw new Refused(`the template variable "${id}" cannot be a formula variable name`);
          }
          variables.push({ ...randomVariable(id, inner, []), decimals: rounded });
          known.set(id, { kind: 'variable', name: id });
        } else if (value.name === 'qti-random-integer' || value.name === 'qti-random-float') {
          if (!VARIABLE_NAME.test(id) || (formulaFunctions as string[]).includes(id)) {
            throw new Refused(`the template variable "${id}" cannot be a formula variable name`);
          }
          variables.push(randomVariable(id, value, warnings));
          known.set(id, { kind: 'variable', name: id });
        } else {
          known.set(id, expression(value, known));
        }
        continue;
      }
      if (rule.name === 'qti-set-correct-response' && value && !answer) {
        const places = decimalPlaces(value);
        const [inner] = places === undefined ? [] : elements(value);
        answer =
          places !== undefined && inner
            ? { responseId: id, formula: expression(inner, known), answerDecimals: places }
            : { responseId: id, formula: expression(value, known), answerDecimals: undefined };
        continue;
      }
      throw new Refused(
        `its template processing uses <${rule.name}>, which Questa cannot translate`,
      );
    }
    if (!answer) throw new Refused('its template processing sets no correct response');
    if (variables.length === 0) throw new Refused('it draws no random value');
    return {
      variables,
      formula: printFormula(answer.formula),
      responseId: answer.responseId,
      answerDecimals: answer.answerDecimals,
      warnings,
    };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message };
    throw error;
  }
}
