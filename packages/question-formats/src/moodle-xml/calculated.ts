import type { QuestionContent } from '@questa/contracts';
import {
  drawInstance,
  parseFormula,
  printFormula,
  seededRandom,
  type CalculatedVariable,
} from '@questa/contracts/rules';
import type { Draft } from '../shared/result';
import { parseNumber } from '../shared/result';
import { xmlEscape } from '../shared/text';
import type { XmlElement } from '../shared/xml';
import { childElements, path, textContent } from '../shared/xml';

type Calculated = Extract<QuestionContent, { type: 'calculated' }>;

/** Moodle's `<tolerancetype>`: 1 relative, 2 nominal (absolute), 3 geometric. */
const TOLERANCE_TYPES = { relative: 1, absolute: 2 } as const;
/** Values written for Moodle to show; Moodle needs some to use the question at all. */
const DATASET_ITEMS = 10;

const element = (name: string, value: string | number) =>
  `<${name}><text>${xmlEscape(String(value))}</text></${name}>`;

/**
 * The fields of a Moodle `calculated` question: the formula with `{a}` variables and `pow()`,
 * one private uniform dataset per variable, and ten drawn values of each so Moodle can show the
 * question without regenerating its datasets first.
 */
export function calculatedFields(q: Calculated): {
  type: string;
  lines: string[];
  losses: string[];
} {
  const losses: string[] = [];
  const parsed = parseFormula(q.formula);
  // The contract parsed this formula when it was saved; the text is kept if that ever changes.
  const formula = parsed.ok ? printFormula(parsed.tree, 'moodle') : q.formula;
  const random = seededRandom(DATASET_ITEMS);
  const items: Record<string, number>[] = [];
  for (let n = 0; n < DATASET_ITEMS; n++) {
    const instance = drawInstance(q, random);
    if (instance) items.push(instance.values);
  }
  const dataset = (v: CalculatedVariable) => {
    if (v.step !== undefined) {
      losses.push(
        `the step ${v.step} of {${v.name}} is not kept: Moodle draws any value with ${v.decimals} decimals`,
      );
    }
    const values = items
      .map(
        (values, i) =>
          `<dataset_item><number>${i + 1}</number><value>${values[v.name]}</value></dataset_item>`,
      )
      .join('');
    return [
      '<dataset_definition>',
      element('status', 'private'),
      element('name', v.name),
      '<type>calculated</type>',
      element('distribution', 'uniform'),
      element('minimum', v.min),
      element('maximum', v.max),
      element('decimals', v.decimals),
      `<itemcount>${items.length}</itemcount>`,
      `<dataset_items>${values}</dataset_items>`,
      `<number_of_items>${items.length}</number_of_items>`,
      '</dataset_definition>',
    ].join('');
  };
  const lines = [
    '<synchronize>0</synchronize>',
    '<single>0</single>',
    '<answernumbering>abc</answernumbering>',
    '<shuffleanswers>0</shuffleanswers>',
    `<answer fraction="100"><text>${xmlEscape(formula)}</text><tolerance>${q.tolerance}</tolerance><tolerancetype>${TOLERANCE_TYPES[q.toleranceType]}</tolerancetype><correctanswerformat>1</correctanswerformat><correctanswerlength>${q.answerDecimals}</correctanswerlength></answer>`,
  ];
  if (q.unit) {
    lines.push(
      `<units><unit><multiplier>1</multiplier><unit_name>${xmlEscape(q.unit)}</unit_name></unit></units>`,
      '<unitgradingtype>0</unitgradingtype>',
      '<showunits>3</showunits>',
      '<unitsleft>0</unitsleft>',
    );
  }
  lines.push(`<dataset_definitions>${q.variables.map(dataset).join('')}</dataset_definitions>`);
  return { type: 'calculated', lines, losses };
}

interface ReadAnswer {
  fraction: number;
  text: string;
  el: XmlElement;
}

const FULL = 99.999;
const valueOf = (el: XmlElement | undefined, name: string) => textContent(path(el, name)).trim();
const textOf = (el: XmlElement | undefined, name: string) => valueOf(path(el, name), 'text');

/**
 * Reads Moodle's `calculated` and `calculatedsimple` questions: the first fully correct answer's
 * formula, its tolerance and decimals, and each dataset's range. What Questa does not keep (stored
 * dataset values, shared datasets, further units, significant-figure answers) is named in `lost`.
 */
export function readCalculated(
  q: XmlElement,
  stem: string,
  answers: ReadAnswer[],
  lost: (problem: string) => void,
): { draft: Draft } | { error: string } | { refused: string } {
  if (/\{=/.test(stem)) {
    return { refused: 'its text holds {=…} formulas, which Questa does not calculate in the text' };
  }
  const right = answers.filter((a) => a.fraction >= FULL);
  const first = right[0];
  if (!first) return { error: 'no answer formula is fully correct (fraction 100)' };
  if (right.length > 1 || answers.length > right.length) {
    lost('only the first fully correct answer formula is kept');
  }
  const parsed = parseFormula(first.text);
  if (!parsed.ok) {
    return { error: `the formula "${first.text}" cannot be read: ${parsed.message}` };
  }
  const tolerance = parseNumber(valueOf(first.el, 'tolerance') || '0.01');
  const kind = valueOf(first.el, 'tolerancetype') || '1';
  if (kind === '3') lost('the geometric tolerance is read as a relative one');
  if (valueOf(first.el, 'correctanswerformat') === '2') {
    lost('the answer is rounded to decimals, not to significant figures');
  }
  const answerDecimals = Number(valueOf(first.el, 'correctanswerlength') || '2');

  const definitions = childElements(path(q, 'dataset_definitions'), 'dataset_definition');
  const variables = definitions.map((d) => ({
    name: textOf(d, 'name'),
    min: parseNumber(textOf(d, 'minimum')),
    max: parseNumber(textOf(d, 'maximum')),
    decimals: Number(textOf(d, 'decimals') || '0'),
  }));
  const shared = definitions.filter((d) => textOf(d, 'status') === 'shared');
  if (shared.length > 0) {
    lost(
      `the shared datasets ${shared.map((d) => `{${textOf(d, 'name')}}`).join(', ')} become this question's own`,
    );
  }
  const logUniform = definitions.filter((d) => textOf(d, 'distribution') === 'loguniform');
  if (logUniform.length > 0) lost('log-uniform distributions are drawn uniformly');
  if (definitions.some((d) => childElements(path(d, 'dataset_items'), 'dataset_item').length > 0)) {
    lost("Moodle's stored dataset values are not kept: values are drawn anew from each range");
  }
  const units = childElements(path(q, 'units'), 'unit');
  const base = units.find((u) => Number(valueOf(u, 'multiplier')) === 1) ?? units[0];
  if (units.length > 1) lost('only the base unit is kept');
  const unit = base ? valueOf(base, 'unit_name') : '';
  return {
    draft: {
      type: 'calculated',
      stem,
      variables,
      formula: printFormula(parsed.tree),
      tolerance: Number.isNaN(tolerance) ? 0.01 : tolerance,
      toleranceType: kind === '2' ? 'absolute' : 'relative',
      answerDecimals,
      ...(unit ? { unit } : {}),
    },
  };
}
