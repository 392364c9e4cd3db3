import { formatNumber, gcd, listText, round, superscript } from '../format';
import type { Rng } from '../random';
import type { QuestionWriter } from '../writer';
import type { Difficulty } from '../writer';

export const FRACTIONS = 'Fractions';
export const POWERS = 'Powers and roots';
export const PERCENTAGES = 'Percentages';

const frac = (n: number, d: number): string => `\\frac{${n}}{${d}}`;
const reduce = (n: number, d: number): [number, number] => [n / gcd(n, d), d / gcd(n, d)];
const euros = (value: number): string => `€${Number.isInteger(value) ? value : value.toFixed(2)}`;

const DENOMINATORS = [2, 3, 4, 5, 6, 8, 10, 12];
// Fractions whose decimal forms terminate, so they can be shown as decimals and percentages too.
const TERMINATING: [number, number][] = [
  [1, 2],
  [1, 4],
  [3, 4],
  [1, 5],
  [2, 5],
  [3, 5],
  [4, 5],
  [1, 8],
  [3, 8],
  [5, 8],
  [7, 8],
  [1, 10],
  [3, 10],
  [7, 10],
  [9, 10],
  [1, 20],
  [3, 20],
  [9, 20],
];

export function writeFractions(w: QuestionWriter, rng: Rng): void {
  for (let made = 0; made < 6;) {
    const [b, d] = [rng.pick(DENOMINATORS), rng.pick(DENOMINATORS)];
    const [a, c] = [rng.int(1, b - 1), rng.int(1, d - 1)];
    const subtract = made % 2 === 1;
    if (gcd(a, b) !== 1 || gcd(c, d) !== 1 || (subtract && a * d <= c * b)) continue;
    const common = (b * d) / gcd(b, d);
    const op = subtract ? '-' : '+';
    const total = (a * common) / b + (subtract ? -1 : 1) * ((c * common) / d);
    const [p, q] = reduce(total, common);
    const stem = `What is $${frac(a, b)} ${op} ${frac(c, d)}$? Give the answer as a fraction in lowest terms, such as 5/8.`;
    if (w.has(stem)) continue;
    const simplified = q === common ? '' : `, which simplifies to $${q === 1 ? p : frac(p, q)}$`;
    const explanation = `Write both fractions over the common denominator ${common}: $${frac((a * common) / b, common)} ${op} ${frac((c * common) / d, common)} = ${frac(total, common)}$${simplified}.`;
    const difficulty: Difficulty = b === d ? 1 : common === Math.max(b, d) ? 2 : 3;
    const accepted = q === 1 ? [String(p), `${p}/1`] : [`${p}/${q}`, `${p} / ${q}`];
    w.shortText({ topic: FRACTIONS, difficulty, explanation }, stem, accepted);
    made++;
  }

  for (let made = 0; made < 4;) {
    const [[a, b], [c, d]] = rng.sample(TERMINATING, 2) as [[number, number], [number, number]];
    const stem = `Is this statement true?\n\n$$${frac(a, b)} > ${frac(c, d)}$$`;
    if (w.has(stem)) continue;
    const [left, right] = [a * d, c * b];
    const explanation = `Cross-multiply: $${a} \\times ${d} = ${left}$ and $${c} \\times ${b} = ${right}$. Since ${left} ${left > right ? '>' : '<'} ${right}, $${frac(a, b)}$ is ${left > right ? 'greater' : 'less'} than $${frac(c, d)}$.`;
    w.trueFalse({ topic: FRACTIONS, difficulty: 2, explanation }, stem, left > right);
    made++;
  }

  for (let made = 0; made < 5;) {
    const b = rng.int(3, 9);
    const a = rng.int(1, b - 1);
    const k = rng.int(2, 6);
    const stem = `Which fraction is equal to $${frac(a, b)}$?`;
    if (gcd(a, b) !== 1 || w.has(stem)) continue;
    const correct = `${a * k}/${b * k}`;
    const candidates: [number, number][] = [
      [a + k, b + k],
      [a * k, b + k],
      [a * k + 1, b * k],
      [a * k, b * k - 1],
      [b * k, a * k],
      [a + 1, b],
    ];
    const wrong = [
      ...new Set(
        candidates.filter(([n, m]) => m > 0 && n * b !== a * m).map(([n, m]) => `${n}/${m}`),
      ),
    ];
    const explanation = `Multiplying the top and bottom of $${frac(a, b)}$ by ${k} gives $${frac(a * k, b * k)}$, which has the same value. Adding the same number to both does not keep the value.`;
    w.singleChoice(
      { topic: FRACTIONS, difficulty: 2, explanation },
      stem,
      correct,
      rng.sample(wrong, 3),
    );
    made++;
  }

  for (let set = 0; set < 5; set++) {
    const picked = rng.sample(TERMINATING, 4).sort(([a, b], [c, d]) => a / b - c / d);
    const shown = picked.map(([n, d]) => {
      const form = rng.int(0, 2);
      const text =
        form === 0
          ? `${n}/${d}`
          : form === 1
            ? formatNumber(n / d)
            : `${formatNumber((100 * n) / d)}%`;
      return { text, decimal: formatNumber(n / d) };
    });
    const explanation = `As decimals: ${shown.map((s) => (s.text === s.decimal ? s.text : `${s.text} = ${s.decimal}`)).join(', ')}.`;
    const stem = `Order these numbers from smallest to largest${set ? ` (set ${set + 1})` : ''}.`;
    w.ordering(
      { topic: FRACTIONS, difficulty: 3, explanation },
      stem,
      shown.map((s) => s.text),
    );
  }
}

export function writePowers(w: QuestionWriter, rng: Rng): void {
  const powers: [number, number][] = [
    [2, 5],
    [2, 7],
    [2, 10],
    [3, 3],
    [3, 4],
    [3, 5],
    [4, 3],
    [5, 3],
    [5, 4],
    [6, 3],
    [7, 2],
    [10, 4],
  ];
  for (const [base, exp] of rng.sample(powers, 3)) {
    const value = base ** exp;
    const explanation = `$${base}^{${exp}}$ means ${exp} factors of ${base} multiplied together, which is ${formatNumber(value)}.`;
    w.numeric(
      { topic: POWERS, difficulty: exp > 4 ? 2 : 1, explanation },
      `What is $${base}^{${exp}}$?`,
      value,
      0,
    );
  }
  for (const k of rng.sample([11, 12, 13, 14, 15, 16, 17, 18, 19, 25], 3)) {
    const explanation = `$${k}^2 = ${k * k}$, so $\\sqrt{${k * k}} = ${k}$.`;
    w.numeric({ topic: POWERS, difficulty: 2, explanation }, `What is $\\sqrt{${k * k}}$?`, k, 0);
  }
  for (const k of rng.sample([3, 4, 5, 6, 7, 8, 9, 10], 2)) {
    const explanation = `$${k}^3 = ${k ** 3}$, so the cube root of ${k ** 3} is ${k}.`;
    w.numeric(
      { topic: POWERS, difficulty: 3, explanation },
      `What is $\\sqrt[3]{${k ** 3}}$?`,
      k,
      0,
    );
  }

  for (let set = 0; set < 3; set++) {
    const roots = rng.sample([6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19], 6);
    const squares = roots.slice(0, rng.int(2, 3)).map((k) => k * k);
    const near = roots.slice(squares.length).map((k) => k * k + rng.pick([-2, -1, 1, 2, 3]));
    const explanation = `${listText(squares.map((s) => `$${Math.sqrt(s)}^2 = ${s}$`))}; the others lie between two consecutive squares.`;
    const stem = `Which of these numbers are perfect squares? Select all that apply.${set ? ` (set ${set + 1})` : ''}`;
    w.multipleResponse(
      { topic: POWERS, difficulty: 3, explanation },
      stem,
      squares.map(String),
      near.slice(0, 6 - squares.length).map(String),
    );
  }

  for (let set = 0; set < 3;) {
    const picked = rng.sample(powers, 4);
    if (new Set(picked.map(([b, e]) => b ** e)).size < 4) continue;
    const explanation =
      picked.map(([b, e]) => `${b}${superscript(e)} = ${formatNumber(b ** e)}`).join('; ') + '.';
    const stem = `Match each power with its value${set ? ` (set ${set + 1})` : ''}.`;
    const pairs = picked.map(([b, e]) => [`${b}${superscript(e)}`, formatNumber(b ** e)] as const);
    w.matching({ topic: POWERS, difficulty: 2, explanation }, stem, pairs);
    set++;
  }
}

export function writePercentages(w: QuestionWriter, rng: Rng): void {
  for (let made = 0; made < 5;) {
    const p = rng.pick([5, 10, 12.5, 15, 20, 25, 30, 40, 60, 75]);
    const n = 40 * rng.int(1, 12);
    const value = round((p * n) / 100, 6);
    const stem = `What is ${p}% of ${n}?`;
    if (w.has(stem)) continue;
    const explanation = `${p}% means ${p} hundredths, so ${p}% of ${n} is ${n} × ${formatNumber(p / 100)} = ${formatNumber(value)}.`;
    w.numeric(
      { topic: PERCENTAGES, difficulty: p === 12.5 || p === 15 ? 3 : 2, explanation },
      stem,
      value,
      0,
    );
    made++;
  }

  const things = rng.shuffle(['jacket', 'bike', 'lamp', 'concert ticket', 'guitar']);
  things.forEach((thing, index) => {
    const price = 20 * rng.int(2, 15);
    const pct = rng.pick([10, 20, 25, 30, 40, 50]);
    const down = index % 2 === 0;
    const change = (price * pct) / 100;
    const result = down ? price - change : price + change;
    const stem = down
      ? `A ${thing} costs ${euros(price)}. In a sale the price is reduced by ${pct}%. What is the new price?`
      : `A ${thing} costs ${euros(price)}. The price then rises by ${pct}%. What is the new price?`;
    const wrong = [down ? price + change : price - change, down ? price - pct : price + pct, change]
      .filter((v) => v !== result)
      .map(euros);
    const explanation = `${pct}% of ${euros(price)} is ${euros(change)}, so the new price is ${euros(price)} ${down ? '−' : '+'} ${euros(change)} = ${euros(result)}.`;
    w.singleChoice({ topic: PERCENTAGES, difficulty: 2, explanation }, stem, euros(result), [
      ...new Set(wrong),
    ]);
  });

  for (const decimal of [0.35, 0.08, 1.2, 0.625]) {
    const pct = formatNumber(decimal * 100);
    const explanation = `Multiply by 100: ${formatNumber(decimal)} × 100 = ${pct}, so ${formatNumber(decimal)} = ${pct}%.`;
    const difficulty: Difficulty =
      decimal > 1 || decimal < 0.1 || !Number.isInteger(round(decimal * 100, 6)) ? 2 : 1;
    w.shortText(
      { topic: PERCENTAGES, difficulty, explanation },
      `Write ${formatNumber(decimal)} as a percentage.`,
      [`${pct}%`, `${pct} %`, pct],
    );
  }

  w.trueFalse(
    {
      topic: PERCENTAGES,
      difficulty: 3,
      explanation:
        'Take 100: up 10% gives 110, and 10% of 110 is 11, so down 10% gives 99, not 100.',
    },
    'Raising a price by 10% and then lowering the new price by 10% gives back the original price.',
    false,
  );
  w.trueFalse(
    {
      topic: PERCENTAGES,
      difficulty: 2,
      explanation: 'Both are 30 × 50 ÷ 100 = 15: percentages of this kind can be swapped.',
    },
    '50% of 30 is equal to 30% of 50.',
    true,
  );
}
