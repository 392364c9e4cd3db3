/*
 * The formulas of calculated questions: a small arithmetic language parsed and evaluated by plain
 * code. Never `eval` or `Function`: formulas come from authors and imported files, and the same
 * code runs in the servers and the browser. Length and nesting are bounded so a hostile formula
 * costs a bounded amount of work and cannot overflow the stack.
 */

export const FORMULA_LIMITS = {
  lengthMax: 500,
  /** Nested parentheses, calls and unary signs together (a parenthesis counts twice). */
  depthMax: 100,
  /** Numbers, names, operators and punctuation. */
  tokensMax: 250,
  argumentsMax: 10,
} as const;

/** name → [fewest, most] arguments. Moodle's common functions; `log` is natural, as in Moodle. */
const FUNCTIONS = {
  sqrt: [1, 1],
  abs: [1, 1],
  sin: [1, 1],
  cos: [1, 1],
  tan: [1, 1],
  asin: [1, 1],
  acos: [1, 1],
  atan: [1, 1],
  atan2: [2, 2],
  exp: [1, 1],
  log: [1, 2],
  ln: [1, 1],
  log10: [1, 1],
  pow: [2, 2],
  min: [1, FORMULA_LIMITS.argumentsMax],
  max: [1, FORMULA_LIMITS.argumentsMax],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
  pi: [0, 0],
} as const satisfies Record<string, readonly [number, number]>;
export type FormulaFunction = keyof typeof FUNCTIONS;
export const formulaFunctions = Object.keys(FUNCTIONS) as FormulaFunction[];
const isFunction = (name: string): name is FormulaFunction => Object.hasOwn(FUNCTIONS, name);

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'variable'; name: string }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/' | '^'; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; name: FormulaFunction; args: FormulaNode[] };

export type ParsedFormula =
  | { ok: true; tree: FormulaNode; variables: string[] }
  | { ok: false; message: string; position: number };

type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; name: string; braced: boolean; at: number }
  | { kind: 'symbol'; symbol: string; at: number };

class FormulaError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

/** Typographic signs authors paste from documents read as their ASCII twins. */
const SYMBOLS: Record<string, string> = {
  '+': '+',
  '-': '-',
  '\u2212': '-',
  '*': '*',
  '\u00d7': '*',
  '\u00b7': '*',
  '/': '/',
  '\u00f7': '/',
  '^': '^',
  '(': '(',
  ')': ')',
  ',': ',',
};

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const SPACE = /\s+/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    return pattern.exec(source)?.[0];
  };
  while (at < source.length) {
    if (tokens.length > FORMULA_LIMITS.tokensMax) {
      throw new FormulaError(`a formula may hold at most ${FORMULA_LIMITS.tokensMax} parts`, at);
    }
    const space = match(SPACE);
    if (space) {
      at += space.length;
      continue;
    }
    const number = match(NUMBER);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number), at });
      at += number.length;
      continue;
    }
    const name = match(NAME);
    if (name) {
      tokens.push({ kind: 'name', name, braced: false, at });
      at += name.length;
      continue;
    }
    // Moodle writes variables as {a}; both spellings mean the same variable.
    if (source[at] === '{') {
      at += 1;
      const inner = match(NAME);
      if (!inner || source[at + inner.length] !== '}') {
        throw new FormulaError('a { must enclose a variable name and a }', at - 1);
      }
      tokens.push({ kind: 'name', name: inner, braced: true, at: at - 1 });
      at += inner.length + 1;
      continue;
    }
    const symbol = SYMBOLS[source[at]!];
    if (symbol === undefined) {
      throw new FormulaError(`unexpected character “${source[at]}”`, at);
    }
    // `**` is a power in several languages authors know.
    if (symbol === '*' && source[at + 1] === '*') {
      tokens.push({ kind: 'symbol', symbol: '^', at });
      at += 2;
      continue;
    }
    tokens.push({ kind: 'symbol', symbol, at });
    at += 1;
  }
  return tokens;
}

/** Recursive descent: sum → product → sign → power → atom, with one depth budget for all. */
function parseTokens(tokens: Token[], end: number): FormulaNode {
  let index = 0;
  let depth = 0;
  const peek = () => tokens[index];
  const position = () => peek()?.at ?? end;
  const isSymbol = (symbol: string) => {
    const token = peek();
    return token?.kind === 'symbol' && token.symbol === symbol;
  };
  const expect = (symbol: string) => {
    if (!isSymbol(symbol)) throw new FormulaError(`expected “${symbol}”`, position());
    index += 1;
  };
  const deeper = <T>(parse: () => T): T => {
    depth += 1;
    if (depth > FORMULA_LIMITS.depthMax) {
      throw new FormulaError(
        `a formula may nest at most ${FORMULA_LIMITS.depthMax} deep`,
        position(),
      );
    }
    const result = parse();
    depth -= 1;
    return result;
  };

  const sum = (): FormulaNode => {
    let left = product();
    while (isSymbol('+') || isSymbol('-')) {
      const operator = (peek() as { symbol: '+' | '-' }).symbol;
      index += 1;
      left = { kind: 'binary', operator, left, right: product() };
    }
    return left;
  };
  const product = (): FormulaNode => {
    let left = sign();
    while (isSymbol('*') || isSymbol('/')) {
      const operator = (peek() as { symbol: '*' | '/' }).symbol;
      index += 1;
      left = { kind: 'binary', operator, left, right: sign() };
    }
    return left;
  };
  // -2^2 is −4, as in mathematics: the sign applies to the power.
  const sign = (): FormulaNode =>
    deeper(() => {
      if (isSymbol('-')) {
        index += 1;
        return { kind: 'negate', operand: sign() };
      }
      if (isSymbol('+')) {
        index += 1;
        return sign();
      }
      return power();
    });
  // Right-associative: 2^3^2 is 2^9; the exponent may carry its own sign (2^-1).
  const power = (): FormulaNode => {
    const base = atom();
    if (!isSymbol('^')) return base;
    index += 1;
    return { kind: 'binary', operator: '^', left: base, right: sign() };
  };
  const atom = (): FormulaNode => {
    const token = peek();
    if (!token) throw new FormulaError('the formula ends too early', end);
    if (token.kind === 'number') {
      index += 1;
      return { kind: 'number', value: token.value };
    }
    if (token.kind === 'symbol' && token.symbol === '(') {
      index += 1;
      const inner = deeper(sum);
      expect(')');
      return inner;
    }
    if (token.kind === 'name') {
      index += 1;
      if (token.braced || !isSymbol('(')) return { kind: 'variable', name: token.name };
      if (!isFunction(token.name)) {
        throw new FormulaError(`there is no function “${token.name}”`, token.at);
      }
      index += 1;
      const args: FormulaNode[] = [];
      if (!isSymbol(')')) {
        args.push(deeper(sum));
        while (isSymbol(',')) {
          index += 1;
          args.push(deeper(sum));
        }
      }
      expect(')');
      const [fewest, most] = FUNCTIONS[token.name];
      if (args.length < fewest || args.length > most) {
        const wanted = fewest === most ? `${fewest}` : `${fewest} to ${most}`;
        throw new FormulaError(`${token.name} takes ${wanted} argument(s)`, token.at);
      }
      return { kind: 'call', name: token.name, args };
    }
    throw new FormulaError(`unexpected “${token.symbol}”`, token.at);
  };

  const tree = sum();
  if (index < tokens.length)
    throw new FormulaError('unexpected text after the formula', position());
  return tree;
}

function collectVariables(node: FormulaNode, into: Set<string>): void {
  switch (node.kind) {
    case 'number':
      return;
    case 'variable':
      into.add(node.name);
      return;
    case 'negate':
      collectVariables(node.operand, into);
      return;
    case 'binary':
      collectVariables(node.left, into);
      collectVariables(node.right, into);
      return;
    case 'call':
      for (const arg of node.args) collectVariables(arg, into);
  }
}

/** Parses a formula; a bad one comes back with a sentence and the offending character's index. */
export function parseFormula(source: string): ParsedFormula {
  if (source.length > FORMULA_LIMITS.lengthMax) {
    return {
      ok: false,
      message: `a formula may be at most ${FORMULA_LIMITS.lengthMax} characters long`,
      position: FORMULA_LIMITS.lengthMax,
    };
  }
  try {
    const tokens = tokenize(source);
    if (tokens.length === 0) return { ok: false, message: 'the formula is empty', position: 0 };
    const tree = parseTokens(tokens, source.length);
    const variables = new Set<string>();
    collectVariables(tree, variables);
    return { ok: true, tree, variables: [...variables] };
  } catch (error) {
    if (error instanceof FormulaError) {
      return { ok: false, message: error.message, position: error.position };
    }
    throw error;
  }
}

const roundTo = (value: number, digits: number): number => {
  const factor = 10 ** Math.trunc(digits);
  return Math.round(value * factor) / factor;
};

const call = (name: FormulaFunction, args: number[]): number => {
  const [x = NaN, y = NaN] = args;
  switch (name) {
    case 'sqrt':
      return Math.sqrt(x);
    case 'abs':
      return Math.abs(x);
    case 'sin':
      return Math.sin(x);
    case 'cos':
      return Math.cos(x);
    case 'tan':
      return Math.tan(x);
    case 'asin':
      return Math.asin(x);
    case 'acos':
      return Math.acos(x);
    case 'atan':
      return Math.atan(x);
    case 'atan2':
      return Math.atan2(x, y);
    case 'exp':
      return Math.exp(x);
    case 'log':
      return args.length === 2 ? Math.log(x) / Math.log(y) : Math.log(x);
    case 'ln':
      return Math.log(x);
    case 'log10':
      return Math.log10(x);
    case 'pow':
      return x ** y;
    case 'min':
      return Math.min(...args);
    case 'max':
      return Math.max(...args);
    case 'round':
      return args.length === 2 ? roundTo(x, y) : Math.round(x);
    case 'floor':
      return Math.floor(x);
    case 'ceil':
      return Math.ceil(x);
    case 'pi':
      return Math.PI;
  }
};

const arithmetic = (operator: '+' | '-' | '*' | '/' | '^', left: number, right: number): number => {
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return left / right;
    case '^':
      return left ** right;
  }
};

/**
 * The formula's value for the given variables. NaN or ±Infinity when the arithmetic has no answer
 * (a division by zero, the root of a negative): the caller decides, usually by drawing again.
 * A variable without a value is NaN, never a throw.
 */
export function evaluateFormula(
  node: FormulaNode,
  values: Readonly<Record<string, number>>,
): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'variable':
      return Object.hasOwn(values, node.name) ? values[node.name]! : NaN;
    case 'negate':
      return -evaluateFormula(node.operand, values);
    case 'binary':
      return arithmetic(
        node.operator,
        evaluateFormula(node.left, values),
        evaluateFormula(node.right, values),
      );
    case 'call':
      return call(
        node.name,
        node.args.map((arg) => evaluateFormula(arg, values)),
      );
  }
}

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2, negate: 3, '^': 4 } as const;
const precedenceOf = (node: FormulaNode): number =>
  node.kind === 'binary' ? PRECEDENCE[node.operator] : node.kind === 'negate' ? 3 : 5;

/**
 * Writes a formula back as text. `moodle` writes variables as `{a}`, powers as `pow(a, b)` and
 * `ln` as `log`, which is how Moodle's calculated questions spell them; `questa` keeps `^`.
 */
export function printFormula(node: FormulaNode, style: 'questa' | 'moodle' = 'questa'): string {
  const print = (child: FormulaNode) => printFormula(child, style);
  const wrapped = (child: FormulaNode, below: number) =>
    precedenceOf(child) < below ? `(${print(child)})` : print(child);
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'variable':
      return style === 'moodle' ? `{${node.name}}` : node.name;
    case 'negate':
      return `-${wrapped(node.operand, PRECEDENCE.negate)}`;
    case 'binary': {
      const own = PRECEDENCE[node.operator];
      if (node.operator === '^') {
        if (style === 'moodle') return `pow(${print(node.left)}, ${print(node.right)})`;
        return `${wrapped(node.left, own + 1)}^${wrapped(node.right, PRECEDENCE.negate)}`;
      }
      // A right operand of the same rank keeps its parentheses: a − (b − c) needs them, and so
      // does a + (b + c), since sums and products of floating-point numbers are not associative
      // and the formula read back must give the very same number.
      return `${wrapped(node.left, own)} ${node.operator} ${wrapped(node.right, own + 1)}`;
    }
    case 'call': {
      const name = style === 'moodle' && node.name === 'ln' ? 'log' : node.name;
      return `${name}(${node.args.map(print).join(', ')})`;
    }
  }
}
