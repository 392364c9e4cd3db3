import { CREDIT_SUM_TOLERANCE, optionCredits } from '@questa/contracts/rules';

// Moodle's formats give every answer a grade fraction; Questa keeps them as option credits when
// they say more than the key does, and leaves them out when they are Questa's own defaults, so a
// question exported without credits reads back exactly as it was.

/** Moodle stores fractions to 7 places: 33.33333 % is 0.3333333. */
export const creditOf = (percent: number): number =>
  Number((Math.max(-100, Math.min(100, percent)) / 100).toFixed(7));

/** A credit as a percentage for Moodle's formats, to 5 places as Moodle writes them. */
export const percentOf = (credit: number): string => String(Number((credit * 100).toFixed(5)));

/** Credits of a single choice's options: only a wrong option's partial credit or penalty is kept. */
export const singleCredits = (credits: readonly number[]): (number | undefined)[] =>
  credits.map((c) => (c >= 1 || c === 0 ? undefined : c));

/**
 * Credits of a multiple response, or why they cannot be kept: `none` when no answer earns anything
 * (the contract then says no option is correct), `sum` when the positive ones miss 100 %.
 */
export function multipleCredits(
  credits: readonly number[],
): { credits: number[] | undefined } | { problem: 'sum' } {
  const positive = credits.filter((c) => c > 0);
  if (positive.length === 0) return { credits: undefined };
  const sum = positive.reduce((total, c) => total + c, 0);
  if (Math.abs(sum - 1) > CREDIT_SUM_TOLERANCE) return { problem: 'sum' };
  const defaults = optionCredits(
    'multiple_response',
    credits.map((c) => ({ correct: c > 0 })),
  );
  const same = credits.every((c, i) => Math.abs(c - (defaults[i] ?? 0)) < 1e-6);
  return { credits: same ? undefined : [...credits] };
}

/**
 * The note on a single choice with several fully right answers: Moodle accepts any of them, so the
 * others are kept at full credit beside the first, which is the answer a learner is shown.
 */
export const fullyRightToo = (key: string, others: readonly string[]): string =>
  `${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} fully right too, as in Moodle: choosing ${others.length === 1 ? 'it' : 'any of them'} scores full marks, and ${key} is shown as the answer`;
