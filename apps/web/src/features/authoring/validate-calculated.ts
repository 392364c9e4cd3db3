import type { QuestionContent } from '@questa/contracts';
import {
  CALCULATED_LIMITS as C,
  formulaFunctions,
  hasFiniteInstance,
  parseFormula,
  stemPlaceholders,
  VARIABLE_NAME,
} from '@questa/contracts/rules';
import type { IssueCode } from './validate-question';

type Calculated = Extract<QuestionContent, { type: 'calculated' }>;
type Add = (path: string, code: IssueCode, params?: Record<string, string | number>) => void;

/**
 * The calculated question's rules, as the contract checks them, with the same parser: variables,
 * their ranges, every `{name}` in the stem and every name in the formula defined, and the formula
 * readable and with some finite answer in the ranges.
 */
export function calculatedIssues(content: Calculated, add: Add): void {
  const { variables } = content;
  if (variables.length < C.variablesMin || variables.length > C.variablesMax) {
    add('variables', 'variablesCount', { min: C.variablesMin, max: C.variablesMax });
  }
  const functions = new Set<string>(formulaFunctions);
  variables.forEach((variable, i) => {
    if (
      !VARIABLE_NAME.test(variable.name) ||
      variable.name.length > C.nameMax ||
      functions.has(variable.name)
    ) {
      add(`variables.${i}.name`, 'variableName');
    }
    if (!Number.isFinite(variable.min)) add(`variables.${i}.min`, 'number');
    if (!Number.isFinite(variable.max)) add(`variables.${i}.max`, 'number');
    else if (variable.max < variable.min) add(`variables.${i}.max`, 'range');
    if (
      !Number.isInteger(variable.decimals) ||
      variable.decimals < 0 ||
      variable.decimals > C.decimalsMax
    ) {
      add(`variables.${i}.decimals`, 'decimals', { max: C.decimalsMax });
    }
    if (variable.step !== undefined && !(variable.step > 0)) add(`variables.${i}.step`, 'number');
  });
  const names = new Set(variables.map((variable) => variable.name));
  if (names.size !== variables.length) add('variables', 'duplicate');
  const missing = stemPlaceholders(content.stem).find((name) => !names.has(name));
  if (missing) add('stem', 'unknownVariable', { name: `{${missing}}` });

  let formulaReadable = false;
  if (content.formula.trim() === '') {
    add('formula', 'required');
  } else {
    const parsed = parseFormula(content.formula);
    if (!parsed.ok) add('formula', 'formula', { position: parsed.position + 1 });
    else {
      const unknown = parsed.variables.find((name) => !names.has(name));
      if (unknown) add('formula', 'unknownVariable', { name: unknown });
      formulaReadable = unknown === undefined;
    }
  }
  if (!Number.isFinite(content.tolerance)) add('tolerance', 'number');
  else if (content.tolerance < 0) add('tolerance', 'negative');
  if (
    !Number.isInteger(content.answerDecimals) ||
    content.answerDecimals < 0 ||
    content.answerDecimals > C.answerDecimalsMax
  ) {
    add('answerDecimals', 'decimals', { max: C.answerDecimalsMax });
  }
  // Only worth asking once the formula and the ranges it draws from are right.
  const rangesRight = variables.every(
    (v) => Number.isFinite(v.min) && Number.isFinite(v.max) && v.min <= v.max,
  );
  if (formulaReadable && rangesRight && !hasFiniteInstance(content)) add('formula', 'noAnswer');
}
