export interface ExamScore {
  points: number;
  maxPoints: number;
  /** points / maxPoints in 0..1; 0 for an exam worth nothing. */
  fraction: number;
  passed: boolean;
  /** Answers awaiting a grader and the points they are worth; `passed` is provisional until 0. */
  pendingCount: number;
  pendingPoints: number;
}

/** Sums of fractional points drift (0.1 + 0.2 ≠ 0.3); a pass mark met up to this is met. */
const PASS_EPSILON = 1e-9;

/**
 * Totals an exam: each response's points are clamped to [0, its maxPoints] (a stored result can
 * never be worth more than its question), summed, and compared with `passMark`, a fraction 0..1;
 * reaching it exactly passes. Unanswered questions should be passed in with 0 points so they
 * still count towards maxPoints. A `pending` result (an essay awaiting its grader) scores nothing
 * yet, counts towards maxPoints, and is counted apart so the total can say what is still open.
 */
export const examScore = (
  results: readonly { points: number; maxPoints: number; pending?: boolean }[],
  passMark: number,
): ExamScore => {
  let points = 0;
  let maxPoints = 0;
  let pendingCount = 0;
  let pendingPoints = 0;
  for (const result of results) {
    const max = Math.max(result.maxPoints, 0);
    maxPoints += max;
    if (result.pending === true) {
      pendingCount += 1;
      pendingPoints += max;
      continue;
    }
    points += Math.min(Math.max(Number.isNaN(result.points) ? 0 : result.points, 0), max);
  }
  const fraction = maxPoints > 0 ? points / maxPoints : 0;
  return {
    points,
    maxPoints,
    fraction,
    passed: fraction + PASS_EPSILON >= passMark,
    pendingCount,
    pendingPoints,
  };
};
