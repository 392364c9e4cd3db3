import { normaliseUnit } from '../normalise';
import type { AnswerOf, ContentOf, PartialGrade } from '../result';

/**
 * Slack for binary floating point: 1.1 − 1.0 is 0.10000000000000009, which must still count as
 * within a tolerance of 0.1. Relative to the numbers' size (a double carries ~16 significant
 * digits, so 1e-12 is far above the error yet far below any tolerance an author means), and never
 * absolute, so questions about tiny quantities (6.6e-34) stay exact.
 */
const RELATIVE_EPSILON = 1e-12;

const within = (given: number, expected: number, tolerance: number): boolean => {
  const slack = RELATIVE_EPSILON * Math.max(Math.abs(given), Math.abs(expected));
  return Math.abs(given - expected) <= tolerance + slack;
};

/**
 * numeric — score the credit of the best accepted answer the value lies within: the key (`value`,
 * 100 %) or one of the `alternatives` with its own tolerance and credit, each compared as
 * |value − expected| ≤ tolerance (+ the relative epsilon above); 0 within none, or when the unit
 * is not acceptable.
 * Units: when the question has a unit and the learner gives one, the two must be equal after
 * `normaliseUnit` (ignoring case and surrounding spaces, NFKC, plus the documented spelled-out
 * aliases such as "metres" for "m"). Giving no unit (or a blank one) is accepted: the unit is
 * usually printed next to the input. When the question has no unit, any unit given is ignored.
 */
export const gradeNumeric = (
  content: ContentOf<'numeric'>,
  answer: AnswerOf<'numeric'>,
): PartialGrade => {
  const accepted = [
    { value: content.value, tolerance: content.tolerance, credit: 1 },
    ...(content.alternatives ?? []),
  ];
  const credit = accepted.reduce(
    (best, a) => (a.credit > best && within(answer.value, a.value, a.tolerance) ? a.credit : best),
    0,
  );
  const withinTolerance = credit > 0;
  const expectedUnit = content.unit?.trim() ? content.unit : undefined;
  const givenUnit = answer.unit?.trim() ? answer.unit : undefined;
  const unitAccepted =
    expectedUnit === undefined ||
    givenUnit === undefined ||
    normaliseUnit(givenUnit) === normaliseUnit(expectedUnit);
  return {
    score: unitAccepted ? credit : 0,
    feedback: {
      type: 'numeric',
      expected: content.value,
      tolerance: content.tolerance,
      unit: expectedUnit ?? null,
      difference: Math.abs(answer.value - content.value),
      withinTolerance,
      unitAccepted,
      ...(withinTolerance && credit < 1 ? { credit } : {}),
    },
  };
};
