import { capitalize, formatNumber, round } from '../format';
import { createRng } from '../random';
import type { DemoBank } from '../types';
import { QuestionWriter } from '../writer';
import type { Difficulty } from '../writer';
import { UNIT_NAMES, comparisons, conversions, equivalents } from './units-data';
import { unitExercises } from './units-exercises';
import { unitStatements } from './units-facts';

const OPPOSITE: Record<string, string> = {
  longest: 'shortest',
  heaviest: 'lightest',
  largest: 'smallest',
};

function unitName(symbol: string, amount: number): string {
  const [singular, plural] = UNIT_NAMES[symbol] ?? [symbol, symbol];
  return amount === 1 ? singular : plural;
}

export function unitsBank(): DemoBank {
  const rng = createRng(0x0417);
  const w = new QuestionWriter(rng, ['measurement', 'units']);

  for (const c of conversions) {
    const factor = c.times ?? 1 / (c.divide ?? 1);
    const size = formatNumber(c.times ?? c.divide ?? 1, 8);
    const one =
      c.times === undefined
        ? `1 ${unitName(c.to, 1)} = ${size} ${unitName(c.from, 2)}`
        : `1 ${unitName(c.from, 1)} = ${size} ${unitName(c.to, c.times)}`;
    for (const amount of c.amounts) {
      const value = round(amount * factor, c.exact ? 6 : 2);
      const precise = formatNumber(amount * factor);
      const rounded =
        !c.exact && precise !== formatNumber(value)
          ? `, which rounds to ${formatNumber(value)}`
          : '';
      const working = `${formatNumber(amount)} ${c.times === undefined ? '÷' : '×'} ${size} = ${precise} ${unitName(c.to, amount * factor)}`;
      const explanation = `${one}, so ${working}${rounded}.`;
      const stem = `Convert ${formatNumber(amount)} ${unitName(c.from, amount)} to ${unitName(c.to, 2)}.${c.exact ? '' : ' Give your answer to two decimal places.'}`;
      const difficulty: Difficulty = c.exact ? (Number.isInteger(value) ? 1 : 2) : 3;
      w.numeric({ topic: c.topic, difficulty, explanation }, stem, value, c.exact ? 0 : 0.01, c.to);
    }
  }

  for (const { topic, base, noun, plural, items } of comparisons) {
    const inBase = (picked: [string, number][]) =>
      picked.map(([label, size]) => `${label} = ${formatNumber(size, 3)} ${base}`).join('; ');
    for (let set = 0; set < 2; set++) {
      const picked = rng.sample(items, 4);
      const wanted = set === 1 ? (OPPOSITE[noun] ?? noun) : noun;
      const sorted = [...picked].sort((a, b) => a[1] - b[1]);
      const answer = (wanted === noun ? sorted[3] : sorted[0]) as [string, number];
      const explanation = `In ${unitName(base, 2)}: ${inBase(sorted)}. So ${answer[0]} is the ${wanted}.`;
      const stem = `Which of these ${plural} is the ${wanted}?`;
      const wrong = picked.filter((p) => p !== answer).map(([label]) => label);
      w.singleChoice({ topic, difficulty: 3, explanation }, stem, answer[0], wrong);
    }
    for (let set = 0; set < 2; set++) {
      const picked = rng.sample(items, 4).sort((a, b) => a[1] - b[1]);
      const explanation = `Convert everything to ${unitName(base, 2)}: ${inBase(picked)}.`;
      const stem = `Order these ${plural} from ${OPPOSITE[noun] ?? 'smallest'} to ${noun}${set ? ' (set 2)' : ''}.`;
      w.ordering(
        { topic, difficulty: 3, explanation },
        stem,
        picked.map(([label]) => label),
      );
    }
  }

  for (const { topic, amount, value, ways } of equivalents) {
    const correct = rng.sample(ways, Math.min(3, ways.length));
    const texts = correct.map(([unit, k]) => `${formatNumber(value * k)} ${unit}`);
    const wrong = rng
      .shuffle(ways)
      .flatMap(([unit, k]) => [10, 0.1].map((slip) => `${formatNumber(value * k * slip)} ${unit}`))
      .filter((text) => !texts.includes(text))
      .slice(0, 6 - texts.length);
    const explanation = `${amount} = ${ways.map(([unit, k]) => `${formatNumber(value * k)} ${unit}`).join(' = ')}. The other options are off by a factor of 10.`;
    w.multipleResponse(
      { topic, difficulty: 2, explanation },
      `Which of these are equal to ${amount}? Select all that apply.`,
      texts,
      wrong,
    );
  }

  w.fixed(unitStatements);
  w.fixed(unitExercises);

  const prefixes: [string, number][] = [
    ['kilo', 1000],
    ['mega', 1000000],
    ['giga', 1000000000],
    ['hecto', 100],
    ['deci', 0.1],
    ['centi', 0.01],
    ['milli', 0.001],
    ['micro', 0.000001],
  ];
  for (let set = 0; set < 3; set++) {
    const picked = rng.sample(prefixes, 4);
    const pairs = picked.map(([prefix, k]) => [prefix, `× ${formatNumber(k)}`] as const);
    const [prefix, k] = picked[0] as [string, number];
    const explanation = `${capitalize(picked.map(([p, f]) => `${p} = ${formatNumber(f)}`).join(', '))}. For example, 1 ${prefix}metre = ${formatNumber(k)} m.`;
    const stem = `Match each metric prefix with the factor it stands for${set ? ` (set ${set + 1})` : ''}.`;
    w.matching({ topic: 'SI units', difficulty: set === 0 ? 2 : 3, explanation }, stem, pairs);
  }

  return {
    slug: 'units-and-measurement',
    title: 'Units and Measurement',
    description:
      'Metric and imperial conversions, temperature scales, SI units and prefixes, with worked answers.',
    language: 'en',
    visibility: 'public',
    tags: ['measurement', 'units', 'science'],
    questions: w.questions,
  };
}
