/**
 * The one scale every result in Questa is read on: right, partly right, wrong, or awaiting a
 * grade. It is decided from points alone, so an essay a person scored 4 of 5, an essay the learner
 * rated "Partly" and a multiple response answer with some credit all read "partly right" on every
 * page, rather than each page deciding from a right-or-wrong flag.
 */
export const VERDICTS = ['correct', 'partial', 'wrong', 'awaiting'] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * Points are sums of fractions (1/3 + 1/3 + 1/3), so "all the points" allows a rounding error far
 * below the smallest step a grader can give.
 */
const POINTS_TOLERANCE = 1e-9;

export interface VerdictInput {
  /** Null while a person has still to score the answer. */
  points: number | null;
  maxPoints: number;
  /** An answer a person must score and has not yet (an essay in an exam or unrated practice). */
  awaiting?: boolean;
}

export function verdictOf({ points, maxPoints, awaiting = false }: VerdictInput): Verdict {
  if (awaiting || points === null) return 'awaiting';
  const tolerance = POINTS_TOLERANCE * Math.max(1, maxPoints);
  if (points >= maxPoints - tolerance && maxPoints > 0) return 'correct';
  return points > tolerance ? 'partial' : 'wrong';
}
