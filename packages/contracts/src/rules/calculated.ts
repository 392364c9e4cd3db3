import { evaluateFormula, parseFormula } from './formula';

/*
 * Calculated questions: a stem with placeholders such as `{a}`, variables drawn from ranges, and a
 * formula for the answer. One draw of the variables is an instance; it is stored with what the
 * learner was shown, so grading and every later look at the answer use the same numbers.
 */

export const CALCULATED_LIMITS = {
  variablesMin: 1,
  variablesMax: 10,
  nameMax: 20,
  /** Range ends and steps stay within ±this, far from where doubles lose whole numbers. */
  magnitudeMax: 1e9,
  decimalsMax: 6,
  answerDecimalsMax: 10,
  /** Random draws tried for values whose answer is a finite number, before the fixed fallback. */
  redrawMax: 20,
  /** Draws of the fixed fallback sequence; the contract requires one of them to work. */
  fallbackDraws: 50,
} as const;

export const toleranceTypes = ['absolute', 'relative'] as const;
export type ToleranceType = (typeof toleranceTypes)[number];

export interface CalculatedVariable {
  name: string;
  min: number;
  max: number;
  /** Digits after the decimal point the drawn value keeps and the stem shows. */
  decimals: number;
  /** When set, values are min, min + step, min + 2·step, … up to max. */
  step?: number | undefined;
}

export interface CalculatedDefinition {
  stem: string;
  variables: readonly CalculatedVariable[];
  formula: string;
  tolerance: number;
  toleranceType: ToleranceType;
  /** The correct answer is rounded to this many decimals, and shown so. */
  answerDecimals: number;
}

export type CalculatedValues = Record<string, number>;

/** One instance: the values drawn, the stem with them filled in, the answer and its tolerance. */
export interface CalculatedInstance {
  values: CalculatedValues;
  stem: string;
  answer: number;
  /** Absolute, whatever the author chose: a relative tolerance is applied to this answer. */
  tolerance: number;
}

export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The variable names the stem refers to as `{name}`, each once, in order of appearance. */
export const stemPlaceholders = (stem: string): string[] => [
  ...new Set([...stem.matchAll(PLACEHOLDER)].map((match) => match[1]!)),
];

export const formatValue = (value: number, decimals: number): string => value.toFixed(decimals);

const roundTo = (value: number, decimals: number): number => Number(value.toFixed(decimals));

function drawValue(variable: CalculatedVariable, random: () => number): number {
  const { min, max, decimals, step } = variable;
  if (step !== undefined && step > 0) {
    const steps = Math.floor((max - min) / step + 1e-9);
    return roundTo(min + Math.floor(random() * (steps + 1)) * step, decimals);
  }
  const value = roundTo(min + random() * (max - min), decimals);
  // Rounding may step just past an end the author wrote with more decimals than it keeps.
  return Math.min(Math.max(value, roundTo(min, decimals)), roundTo(max, decimals));
}

export function drawValues(
  variables: readonly CalculatedVariable[],
  random: () => number,
): CalculatedValues {
  const values: CalculatedValues = {};
  for (const variable of variables) values[variable.name] = drawValue(variable, random);
  return values;
}

/** The instance for given values, or null when the formula has no finite answer for them. */
export function instantiate(
  definition: CalculatedDefinition,
  values: CalculatedValues,
): CalculatedInstance | null {
  const parsed = parseFormula(definition.formula);
  if (!parsed.ok) return null;
  const decimals = new Map(definition.variables.map((v) => [v.name, v.decimals]));
  if (definition.variables.some((v) => !Number.isFinite(values[v.name]))) return null;
  const raw = evaluateFormula(parsed.tree, values);
  if (!Number.isFinite(raw)) return null;
  const answer = roundTo(raw, definition.answerDecimals);
  if (!Number.isFinite(answer)) return null;
  const tolerance =
    definition.toleranceType === 'relative'
      ? Number((Math.abs(answer) * definition.tolerance).toPrecision(12))
      : definition.tolerance;
  const stem = definition.stem.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : formatValue(value, decimals.get(name) ?? 0);
  });
  return { values: { ...values }, stem, answer, tolerance };
}

/** mulberry32: a fixed, tiny generator, so a seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fallbackInstance(definition: CalculatedDefinition): CalculatedInstance | null {
  const random = seededRandom(0x51a7);
  for (let draw = 0; draw < CALCULATED_LIMITS.fallbackDraws; draw++) {
    const instance = instantiate(definition, drawValues(definition.variables, random));
    if (instance) return instance;
  }
  return null;
}

/**
 * True when some values in the ranges give a finite answer, checked on the fixed fallback
 * sequence: what the contract requires, so `drawInstance` can always return an instance.
 */
export const hasFiniteInstance = (definition: CalculatedDefinition): boolean =>
  fallbackInstance(definition) !== null;

/**
 * A fresh instance. Values whose answer is not a finite number (a division by zero, the root of a
 * negative) are drawn again, a bounded number of times; after that the fixed fallback sequence,
 * which the contract checked, gives one. Null only for a definition the contract would refuse.
 */
export function drawInstance(
  definition: CalculatedDefinition,
  random: () => number,
): CalculatedInstance | null {
  for (let attempt = 0; attempt < CALCULATED_LIMITS.redrawMax; attempt++) {
    const instance = instantiate(definition, drawValues(definition.variables, random));
    if (instance) return instance;
  }
  return fallbackInstance(definition);
}

/** FNV-1a: a text (such as a card id and its review count) as a seed for `seededRandom`. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
