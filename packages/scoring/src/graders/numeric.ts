import { normaliseUnit } from '../normalise';
import type { AnswerOf, ContentOf, PartialGrade } from '../result';

/**
 * Slack for binary floating point: 1.1 − 1.0 is 0.10000000000000009, which must still count as
 * within a tolerance of 0.1. Relative to the numbers' size (a double carries ~16 significant
 * digits, so 1e-12 is far above the error yet far below any tolerance an author means), and never
 * absolute, so questions about tiny quantities (6.6e-34) stay exact.
 */
const RELATIVE_EPSILON = 1e-12;

/**
 * numeric — all or nothing: score 1 when |value − expected| ≤ tolerance (+ the relative epsilon
 * above) and the unit is acceptable, else 0.
 * Units: when the question has a unit and the learner gives one, the two must be equal after
 * `normaliseUnit` (ignoring case and surrounding spaces, NFKC, plus the documented spelled-out
 * aliases such as "metres" for "m"). Giving no unit (or a blank one) is accepted: the unit is
 * usually printed next to the input. When the question has no unit, any unit given is ignored.
 */
export const gradeNumeric = (
  content: ContentOf<'numeric'>,
  answer: AnswerOf<'numeric'>,
): PartialGrade => {
  const difference = Math.abs(answer.value - content.value);
  const slack = RELATIVE_EPSILON * Math.max(Math.abs(answer.value), Math.abs(content.value));
  const withinTolerance = difference <= content.tolerance + slack;
  const expectedUnit = content.unit?.trim() ? content.unit : undefined;
  const givenUnit = answer.unit?.trim() ? answer.unit : undefined;
  const unitAccepted =
    expectedUnit === undefined ||
    givenUnit === undefined ||
    normaliseUnit(givenUnit) === normaliseUnit(expectedUnit);
  return {
    score: withinTolerance && unitAccepted ? 1 : 0,
    feedback: {
      type: 'numeric',
      expected: content.value,
      tolerance: content.tolerance,
      unit: expectedUnit ?? null,
      difference,
      withinTolerance,
      unitAccepted,
    },
  };
};
