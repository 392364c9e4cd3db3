import { signed } from '../format';
import type { Rng } from '../random';
import type { FixedQuestion, QuestionWriter } from '../writer';

export const LINEAR = 'Linear equations';
export const EXPRESSIONS = 'Expressions';
export const SEQUENCES = 'Sequences';

/** `3x`, `x` or `-x`: a coefficient written the way algebra is. */
const term = (k: number): string => (k === 1 ? 'x' : k === -1 ? '-x' : `${k}x`);
const paren = (n: number): string => (n < 0 ? `(${n})` : String(n));
/** Typed answers may use a hyphen or a true minus sign. */
const answers = (n: number): string[] => (n < 0 ? [String(n), `−${-n}`] : [String(n)]);

/** x² + bx + c, in plain text (`x² - 5x + 6`) or TeX (`x^2 - 5x + 6`). */
function quadratic(b: number, c: number, tex = false): string {
  let text = tex ? 'x^2' : 'x²';
  if (b !== 0) text += ` ${b < 0 ? '-' : '+'} ${Math.abs(b) === 1 ? '' : Math.abs(b)}x`;
  if (c !== 0) text += ` ${signed(c)}`;
  return text;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

interface Linear {
  a: number;
  b: number;
  x: number;
  c: number;
  tex: string;
}

function linear(rng: Rng): Linear {
  const a = rng.int(2, 9);
  const x = rng.pick([-7, -5, -4, -3, -2, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12]);
  const b = rng.pick([-15, -11, -8, -6, -4, -3, 1, 2, 5, 7, 9, 10, 13]);
  const c = a * x + b;
  return { a, b, x, c, tex: `${a}x ${signed(b)} = ${c}` };
}

const linearSteps = ({ a, b, x, c }: Linear): string =>
  `${b > 0 ? `Subtract ${b} from` : `Add ${-b} to`} both sides: $${a}x = ${c - b}$. Then divide both sides by ${a}: $x = ${x}$.`;

export function writeLinear(w: QuestionWriter, rng: Rng): void {
  for (let made = 0; made < 6;) {
    const eq = linear(rng);
    const stem = made % 2 === 0 ? `Solve $${eq.tex}$ for $x$.` : `Solve for $x$:\n\n$$${eq.tex}$$`;
    if (w.has(stem)) continue;
    const meta = {
      topic: LINEAR,
      difficulty: eq.x < 0 ? 3 : 2,
      explanation: linearSteps(eq),
    } as const;
    w.numeric(meta, stem, eq.x, 0);
    made++;
  }

  for (let made = 0; made < 5;) {
    const a = rng.int(3, 9);
    const c = rng.int(1, a - 1);
    const x = rng.pick([-4, -3, -2, 2, 3, 4, 5, 6, 7]);
    const b = rng.pick([-9, -6, -5, -2, 1, 3, 4, 8, 10]);
    const d = (a - c) * x + b;
    const stem = `Which value of $x$ solves this equation?\n\n$$${a}x ${signed(b)} = ${term(c)} ${signed(d)}$$`;
    if (d === 0 || w.has(stem)) continue;
    const wrong = [...new Set([x + 1, x - 1, -x, x + 2, 2 * x])].filter((v) => v !== x);
    const explanation = `Subtract $${term(c)}$ from both sides and then ${b > 0 ? `subtract ${b}` : `add ${-b}`}: $${term(a - c)} = ${d - b}$, so $x = ${x}$. Check: both sides equal ${a * x + b}.`;
    const meta = { topic: LINEAR, difficulty: 3, explanation } as const;
    w.singleChoice(
      meta,
      stem,
      `x = ${x}`,
      rng.sample(wrong, 3).map((v) => `x = ${v}`),
    );
    made++;
  }

  for (let set = 0; set < 3; set++) {
    const solutions = rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12], 4);
    const pairs = solutions.map((x) => {
      const k = rng.int(2, 6);
      const p = rng.int(1, 9);
      const form = rng.int(0, 2);
      const eq =
        form === 0
          ? `x + ${p} = ${x + p}`
          : form === 1
            ? `${k}x = ${k * x}`
            : `${k}x - ${p} = ${k * x - p}`;
      return [eq, `x = ${x}`] as const;
    });
    const explanation = `${pairs.map(([eq, sol]) => `${eq} gives ${sol}`).join('; ')}. Substitute each value back to check.`;
    const stem = `Match each equation with its solution${set ? ` (set ${set + 1})` : ''}.`;
    w.matching({ topic: LINEAR, difficulty: 2, explanation }, stem, pairs);
  }

  for (let made = 0; made < 4;) {
    const eq = linear(rng);
    const verb = eq.b > 0 ? 'subtract {{step}} from' : 'add {{step}} to';
    const stem = `To solve $${eq.tex}$, first ${verb} both sides to get $${eq.a}x = ${eq.c - eq.b}$. Then divide both sides by {{divisor}}, so $x$ = {{x}}.`;
    if (w.has(stem)) continue;
    const blanks = [
      w.textBlank('step', [String(Math.abs(eq.b))]),
      w.textBlank('divisor', [String(eq.a)]),
      w.textBlank('x', answers(eq.x)),
    ];
    w.cloze({ topic: LINEAR, difficulty: 2, explanation: linearSteps(eq) }, stem, blanks);
    made++;
  }

  for (let made = 0; made < 3;) {
    const eq = linear(rng);
    const items = [
      eq.b > 0 ? `Subtract ${eq.b} from both sides` : `Add ${-eq.b} to both sides`,
      `Simplify to ${eq.a}x = ${eq.c - eq.b}`,
      `Divide both sides by ${eq.a}`,
      `Write the answer: x = ${eq.x}`,
    ];
    const stem = `Put the steps for solving $${eq.tex}$ in order.`;
    if (w.has(stem)) continue;
    w.ordering({ topic: LINEAR, difficulty: 1, explanation: linearSteps(eq) }, stem, items);
    made++;
  }
}

export function writeExpressions(w: QuestionWriter, rng: Rng): void {
  for (let made = 0; made < 4;) {
    const [a, b] = [
      rng.pick([-5, -3, -2, -1, 1, 2, 3, 4, 6]),
      rng.pick([-6, -4, -2, 1, 2, 3, 5, 7]),
    ];
    const stem = `Expand and simplify $(x ${signed(a)})(x ${signed(b)})$.`;
    if (a + b === 0 || a === b || w.has(stem)) continue;
    const correct = quadratic(a + b, a * b);
    const wrong = [
      quadratic(a * b, a + b),
      quadratic(a + b, -a * b),
      quadratic(0, a * b),
      quadratic(a - b, a * b),
      quadratic(-(a + b), a * b),
    ];
    const distinct = [...new Set(wrong)].filter((o) => o !== correct);
    const explanation = `Multiply every term: $x \\cdot x = x^2$, the $x$ terms give $${term(a)} ${b < 0 ? '-' : '+'} ${term(Math.abs(b))} = ${term(a + b)}$, and the numbers give $${a} \\times ${paren(b)} = ${a * b}$. Result: $${quadratic(a + b, a * b, true)}$.`;
    w.singleChoice(
      { topic: EXPRESSIONS, difficulty: a < 0 || b < 0 ? 3 : 2, explanation },
      stem,
      correct,
      rng.sample(distinct, 3),
    );
    made++;
  }

  for (let made = 0; made < 4;) {
    const [r, s] = rng.sample([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6], 2) as [number, number];
    const stem = `Which values of $x$ solve $${quadratic(-(r + s), r * s, true)} = 0$? Select all that apply.`;
    if (w.has(stem)) continue;
    const wrong = [...new Set([-r, -s, r + s, r * s, r - s])].filter((v) => v !== r && v !== s);
    const explanation = `It factorises as $(x ${signed(-r)})(x ${signed(-s)}) = 0$, so $x = ${r}$ or $x = ${s}$: the numbers that add to ${r + s} and multiply to ${r * s}.`;
    const picked = rng.sample(wrong, Math.min(3, wrong.length));
    w.multipleResponse(
      { topic: EXPRESSIONS, difficulty: 4, explanation },
      stem,
      [String(r), String(s)],
      picked.map(String),
    );
    made++;
  }

  for (let made = 0; made < 5;) {
    const [p, q, r] = [rng.int(2, 9), rng.int(2, 9), rng.int(2, 9)];
    const result = p + q - r;
    const stem = `Simplify $${p}x + ${q}x - ${r}x$.`;
    if (result < 2 || w.has(stem)) continue;
    const explanation = `All three are like terms, so combine the coefficients: ${p} + ${q} - ${r} = ${result}, giving $${result}x$.`;
    w.shortText({ topic: EXPRESSIONS, difficulty: 1, explanation }, stem, [`${result}x`]);
    made++;
  }
}

export function writeSequences(w: QuestionWriter, rng: Rng): void {
  for (let made = 0; made < 5;) {
    const [first, step, n] = [
      rng.int(-5, 12),
      rng.pick([-4, -3, 2, 3, 4, 5, 6, 7, 9]),
      rng.int(8, 21),
    ];
    const terms = [0, 1, 2, 3].map((i) => first + i * step);
    const value = first + (n - 1) * step;
    const stem = `What is the ${ordinal(n)} term of the arithmetic sequence ${terms.join(', ')}, …?`;
    if (w.has(stem)) continue;
    const explanation = `The first term is ${first} and the common difference is ${step}, so $$a_{${n}} = ${first} + (${n} - 1) \\times ${paren(step)} = ${value}$$`;
    w.numeric({ topic: SEQUENCES, difficulty: step < 0 ? 4 : 3, explanation }, stem, value, 0);
    made++;
  }

  for (let made = 0; made < 3;) {
    const [first, step] = [rng.int(1, 15), rng.int(2, 11)];
    const terms = [0, 1, 2, 3].map((i) => first + i * step);
    const stem = `In the arithmetic sequence ${terms.join(', ')}, {{next}}, … the common difference is {{step}}.`;
    if (w.has(stem)) continue;
    const explanation = `Each term is ${step} more than the one before, so the next term is ${terms[3]} + ${step} = ${first + 4 * step}.`;
    const blanks = [
      w.textBlank('next', [String(first + 4 * step)]),
      w.textBlank('step', [String(step)]),
    ];
    w.cloze({ topic: SEQUENCES, difficulty: 1, explanation }, stem, blanks);
    made++;
  }
  for (let made = 0; made < 3;) {
    const [first, ratio] = [rng.int(1, 5), rng.int(2, 4)];
    const terms = [0, 1, 2].map((i) => first * ratio ** i);
    const stem = `In the geometric sequence ${terms.join(', ')}, {{next}}, … each term is the previous one multiplied by {{ratio}}.`;
    if (w.has(stem)) continue;
    const explanation = `Each term is ${ratio} times the one before, so the next term is ${terms[2]} × ${ratio} = ${first * ratio ** 3}.`;
    const blanks = [
      w.textBlank('next', [String(first * ratio ** 3)]),
      w.textBlank('ratio', [String(ratio)]),
    ];
    w.cloze({ topic: SEQUENCES, difficulty: 2, explanation }, stem, blanks);
    made++;
  }
}

export const identityFacts: FixedQuestion[] = [
  {
    type: 'true_false',
    topic: 'Powers and roots',
    difficulty: 2,
    stem: '$2^3 \\times 2^4 = 2^7$',
    answer: true,
    explanation: 'When multiplying powers of the same base, add the exponents: 3 + 4 = 7.',
  },
  {
    type: 'true_false',
    topic: EXPRESSIONS,
    difficulty: 3,
    stem: '$(a + b)^2 = a^2 + b^2$ for all real numbers $a$ and $b$.',
    answer: false,
    explanation:
      'In fact $(a + b)^2 = a^2 + 2ab + b^2$. For example, $(1 + 1)^2 = 4$ but $1^2 + 1^2 = 2$.',
  },
  {
    type: 'true_false',
    topic: 'Powers and roots',
    difficulty: 3,
    stem: '$\\sqrt{a + b} = \\sqrt{a} + \\sqrt{b}$ for all positive numbers $a$ and $b$.',
    answer: false,
    explanation:
      'A counterexample: $\\sqrt{9 + 16} = \\sqrt{25} = 5$, but $\\sqrt{9} + \\sqrt{16} = 7$.',
  },
  {
    type: 'true_false',
    topic: 'Powers and roots',
    difficulty: 2,
    stem: '$a^0 = 1$ for every non-zero number $a$.',
    answer: true,
    explanation:
      'Dividing $a^n$ by itself gives $a^{n-n} = a^0$, and anything non-zero divided by itself is 1.',
  },
  {
    type: 'true_false',
    topic: 'Powers and roots',
    difficulty: 2,
    stem: '$(2^3)^2 = 2^6$',
    answer: true,
    explanation:
      'Raising a power to a power multiplies the exponents: 3 × 2 = 6, and indeed $8^2 = 64 = 2^6$.',
  },
  {
    type: 'true_false',
    topic: 'Powers and roots',
    difficulty: 3,
    stem: '$2^{-1} = -2$',
    answer: false,
    explanation:
      'A negative exponent means a reciprocal, not a negative number: $2^{-1} = \\frac{1}{2}$.',
  },
  {
    type: 'calculated',
    topic: LINEAR,
    difficulty: 2,
    stem: 'Solve for x: {a}x + {b} = {c}. Round to two decimal places.',
    variables: [
      { name: 'a', min: 2, max: 9, decimals: 0 },
      { name: 'b', min: 1, max: 20, decimals: 0 },
      { name: 'c', min: 21, max: 60, decimals: 0 },
    ],
    formula: '(c - b) / a',
    tolerance: 0.01,
    toleranceType: 'absolute',
    answerDecimals: 2,
    explanation: 'Subtract b from both sides, then divide by a: x = (c − b) ÷ a.',
  },
];
