import type { Translate } from '../../lib/i18n';

/**
 * Points as people read them: at most two decimals, so partial credit of 2/3 shows as 0.67,
 * never 0.667 or 0.6666666666666666.
 */
export function roundPoints(points: number): number {
  return Math.round(points * 100) / 100;
}

/** "0.67 of 1 point", "1.5 of 2 points": the plural follows the points there were to get. */
export function scoreText(t: Translate, points: number, maxPoints: number): string {
  const count = roundPoints(maxPoints);
  return t('answering.score', { points: roundPoints(points), count });
}
