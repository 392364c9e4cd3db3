/*
 * Live-room scoring: the host chooses speed scoring or accuracy-only scoring.
 * Whole points, so leaderboards never show fractions.
 */

/** Share of maxPoints a correct answer earns however late it comes, and the share speed adds. */
const FLOOR_SHARE = 0.5;
/** Streak bonus per step, as a share of maxPoints (100 for the default 1000), and its cap. */
const STREAK_STEP_SHARE = 0.1;
const STREAK_MAX_STEPS = 5;

export const DEFAULT_MAX_POINTS = 1000;

/**
 * The streak bonus for a correct answer, given the player's streak *before* it (consecutive
 * correct answers just before this question, as stored on the player). The second correct answer
 * in a row (streak 1) earns one step, the third two steps, … capped at five steps:
 *   bonus = min(streak, 5) × round(10% of maxPoints)   → +100 … +500 for maxPoints 1000.
 */
export const streakBonus = (streak: number, maxPoints = DEFAULT_MAX_POINTS): number => {
  const steps = Number.isFinite(streak)
    ? Math.min(Math.max(Math.floor(streak), 0), STREAK_MAX_STEPS)
    : 0;
  return steps * Math.round(maxPoints * STREAK_STEP_SHARE);
};

/** The player's streak after answering: one longer when correct, back to zero when not. */
export const nextStreak = (streak: number, correct: boolean): number =>
  correct ? Math.max(Math.floor(Number.isFinite(streak) ? streak : 0), 0) + 1 : 0;

export interface SpeedInput {
  correct: boolean;
  /** Time from the question opening to the answer, by the server's clock. */
  elapsedMs: number;
  /** The question's timer (5–240 s). */
  limitMs: number;
  maxPoints?: number;
  /** Consecutive correct answers before this one (see `streakBonus`). */
  streak: number;
}

/**
 * Speed scoring: a wrong answer earns 0 (and no streak bonus). A correct one earns
 *   round(maxPoints × (0.5 + 0.5 × remaining / limit)) + streakBonus(streak, maxPoints)
 * with remaining = limit − elapsed clamped to [0, limit]: an instant answer earns 100%, one at the
 * buzzer 50%. Elapsed below 0 (clock skew) counts as instant; past the limit, or a limit that is
 * not a positive number, earns the 50% floor.
 */
export const speedPoints = ({
  correct,
  elapsedMs,
  limitMs,
  maxPoints = DEFAULT_MAX_POINTS,
  streak,
}: SpeedInput): number => {
  if (!correct) return 0;
  const valid = Number.isFinite(limitMs) && limitMs > 0 && !Number.isNaN(elapsedMs);
  const remaining = valid ? Math.min(Math.max(limitMs - elapsedMs, 0), limitMs) / limitMs : 0;
  const timePoints = Math.round(maxPoints * (FLOOR_SHARE + (1 - FLOOR_SHARE) * remaining));
  return timePoints + streakBonus(streak, maxPoints);
};

/** Accuracy-only scoring: maxPoints for a correct answer, 0 otherwise; no speed or streak. */
export const accuracyPoints = ({
  correct,
  maxPoints = DEFAULT_MAX_POINTS,
}: {
  correct: boolean;
  maxPoints?: number;
}): number => (correct ? maxPoints : 0);

/**
 * The most a player can score over `asked` questions: every answer right and instant, and with
 * the streak bonus on, a streak from the second question on. A class's gradebook shows a live
 * score as a share of this (decision 0033).
 */
export const liveMaxScore = (
  asked: number,
  settings: { scoring: 'speed' | 'accuracy'; streakBonus: boolean },
  maxPoints = DEFAULT_MAX_POINTS,
): number => {
  let total = 0;
  for (let streak = 0; streak < asked; streak++) {
    total +=
      settings.scoring === 'accuracy'
        ? accuracyPoints({ correct: true, maxPoints })
        : speedPoints({
            correct: true,
            elapsedMs: 0,
            limitMs: 1,
            maxPoints,
            streak: settings.streakBonus ? streak : 0,
          });
  }
  return total;
};
