import type { QuestionContent } from '@questa/contracts';
import { parseFormula, type FormulaNode } from '@questa/contracts/rules';
import type { ImageWriter } from '../shared/html';
import { blockXhtml } from '../shared/html';
import { xmlEscape } from '../shared/text';

type Calculated = Extract<QuestionContent, { type: 'calculated' }>;

const RESPONSE = 'RESPONSE';

const float = (value: number) => `<qti-base-value base-type="float">${value}</qti-base-value>`;
const tag = (name: string, inner: string, attrs = '') => `<${name}${attrs}>${inner}</${name}>`;
const roundTo = (figures: number, inner: string) =>
  tag('qti-round-to', inner, ` rounding-mode="decimalPlaces" figures="${figures}"`);
const operator = (name: string, args: string[]) =>
  tag('qti-math-operator', args.join(''), ` name="${name}"`);

/** QTI's names for the functions it has; its `log` is base 10. */
const OPERATORS: Partial<Record<string, string>> = {
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  asin: 'asin',
  acos: 'acos',
  atan: 'atan',
  atan2: 'atan2',
  exp: 'exp',
  ln: 'ln',
  log10: 'log',
  abs: 'abs',
  floor: 'floor',
  ceil: 'ceil',
};

/** A formula as a QTI expression, or null for one QTI cannot say (rounding to a computed place). */
function expression(node: FormulaNode): string | null {
  const all = (nodes: FormulaNode[]) => {
    const written = nodes.map(expression);
    return written.every((w): w is string => w !== null) ? written : null;
  };
  switch (node.kind) {
    case 'number':
      return float(node.value);
    case 'variable':
      return `<qti-variable identifier="${node.name}"/>`;
    case 'negate': {
      const operand = expression(node.operand);
      return operand === null ? null : tag('qti-product', float(-1) + operand);
    }
    case 'binary': {
      const sides = all([node.left, node.right]);
      if (!sides) return null;
      const name = {
        '+': 'qti-sum',
        '-': 'qti-subtract',
        '*': 'qti-product',
        '/': 'qti-divide',
        '^': 'qti-power',
      }[node.operator];
      return tag(name, sides.join(''));
    }
    case 'call': {
      const args = all(node.args);
      if (!args) return null;
      const [x = '', y = ''] = args;
      const named = OPERATORS[node.name];
      if (named) return operator(named, args);
      switch (node.name) {
        case 'sqrt':
          return tag('qti-power', x + float(0.5));
        case 'pow':
          return tag('qti-power', x + y);
        case 'log':
          return args.length === 2
            ? tag('qti-divide', operator('ln', [x]) + operator('ln', [y]))
            : operator('ln', [x]);
        case 'min':
          return tag('qti-min', args.join(''));
        case 'max':
          return tag('qti-max', args.join(''));
        case 'round': {
          if (args.length === 1) return tag('qti-round', x);
          const places = node.args[1];
          return places?.kind === 'number' && Number.isInteger(places.value)
            ? roundTo(places.value, x)
            : null;
        }
        case 'pi':
          return '<qti-math-constant name="pi"/>';
        default:
          return null;
      }
    }
  }
}

/**
 * A calculated question as a QTI template item: each variable drawn by template processing
 * (a random integer, or a random float rounded to its decimals), the answer set as the correct
 * response, rounded to the answer's decimals, and the tolerance in response processing. Null when
 * the formula has a part QTI cannot express, or a value is printed inside math.
 */
export function calculatedParts(
  q: Calculated,
  image: ImageWriter,
): {
  templates: string;
  declarations: string[];
  body: string;
  condition: string;
  losses: string[];
} | null {
  const parsed = parseFormula(q.formula);
  const answer = parsed.ok ? expression(parsed.tree) : null;
  if (answer === null) return null;
  const losses: string[] = [];
  const declarations = q.variables.map(
    (v) =>
      `  <qti-template-declaration identifier="${v.name}" cardinality="single" base-type="${v.decimals === 0 ? 'integer' : 'float'}" math-variable="true" param-variable="false"/>`,
  );
  const draws = q.variables.map((v) => {
    const whole = v.decimals === 0 && Number.isInteger(v.min) && Number.isInteger(v.max);
    if (v.step !== undefined && !(whole && Number.isInteger(v.step))) {
      losses.push(
        `the step ${v.step} of {${v.name}} is not kept: QTI draws any value in the range`,
      );
    }
    const random = whole
      ? `<qti-random-integer min="${v.min}" max="${v.max}"${v.step !== undefined && Number.isInteger(v.step) ? ` step="${v.step}"` : ''}/>`
      : roundTo(v.decimals, `<qti-random-float min="${v.min}" max="${v.max}"/>`);
    return `    <qti-set-template-value identifier="${v.name}">${random}</qti-set-template-value>`;
  });
  const templates = `${declarations.join('\n')}
  <qti-template-processing>
${draws.join('\n')}
    <qti-set-correct-response identifier="${RESPONSE}">${roundTo(q.answerDecimals, answer)}</qti-set-correct-response>
  </qti-template-processing>`;
  const names = new Set(q.variables.map((v) => v.name));
  const stem = blockXhtml(q.stem, image).replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (whole, name: string) => {
      const variable = q.variables.find((v) => v.name === name);
      if (!names.has(name) || !variable) return whole;
      const format = variable.decimals === 0 ? '' : ` format="%.${variable.decimals}f"`;
      return `<qti-printed-variable identifier="${name}"${format}/>`;
    },
  );
  // A value printed inside MathML would not be valid there; such a stem is not written.
  const inMath = [...stem.matchAll(/<math[\s\S]*?<\/math>/g)].some((m) =>
    m[0].includes('<qti-printed-variable'),
  );
  if (inMath) return null;
  const unit = q.unit ? ` <span class="questa-unit">${xmlEscape(q.unit)}</span>` : '';
  const percent = Number((q.tolerance * 100).toPrecision(12));
  const tolerance =
    q.tolerance === 0
      ? 'tolerance-mode="exact"'
      : q.toleranceType === 'relative'
        ? `tolerance-mode="relative" tolerance="${percent} ${percent}"`
        : `tolerance-mode="absolute" tolerance="${q.tolerance} ${q.tolerance}"`;
  return {
    templates,
    declarations: [
      `  <qti-response-declaration identifier="${RESPONSE}" cardinality="single" base-type="float"/>`,
    ],
    body: `<div class="questa-stem">${stem}</div><div class="questa-answer"><qti-text-entry-interaction response-identifier="${RESPONSE}"/>${unit}</div>`,
    condition: `<qti-equal ${tolerance}><qti-variable identifier="${RESPONSE}"/><qti-correct identifier="${RESPONSE}"/></qti-equal>`,
    losses,
  };
}
