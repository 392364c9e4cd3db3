import type { ItemFlag, ItemStatistic } from '@questa/contracts';

/** One learner's score (0..1) on one question: their first answer to it. */
export interface ItemResponse {
  learnerId: string;
  questionId: string;
  score: number;
}

export interface ItemStatisticsOptions {
  /** Below this many responses an item gets no discrimination and no flags. */
  minResponses: number;
}

// Thresholds as classical test theory uses them (and Moodle's quiz statistics report): items
// almost nobody or almost everybody gets right tell little, and an item–rest correlation under
// 0.2 barely separates strong from weak learners; a negative one usually means a wrong key.
const TOO_HARD = 0.2;
const TOO_EASY = 0.9;
const LOW_DISCRIMINATION = 0.2;

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Pearson correlation; null when either side does not vary (it is then undefined). */
function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * Facility (mean score) and discrimination per question from real responses. Discrimination is
 * the corrected item–total correlation: each learner's score on the item against their mean score
 * on the *other* items they answered in the same bank, so an item is not correlated with itself.
 * Learners who answered nothing else are left out of that correlation.
 */
export function itemStatistics(
  responses: readonly ItemResponse[],
  options: ItemStatisticsOptions,
): ItemStatistic[] {
  const byLearner = new Map<string, { total: number; count: number }>();
  const byQuestion = new Map<string, ItemResponse[]>();
  for (const response of responses) {
    const learner = byLearner.get(response.learnerId) ?? { total: 0, count: 0 };
    learner.total += response.score;
    learner.count += 1;
    byLearner.set(response.learnerId, learner);
    const list = byQuestion.get(response.questionId) ?? [];
    list.push(response);
    byQuestion.set(response.questionId, list);
  }

  return [...byQuestion].map(([questionId, list]) => {
    const facility = mean(list.map((response) => response.score));
    const item: number[] = [];
    const rest: number[] = [];
    for (const response of list) {
      const learner = byLearner.get(response.learnerId)!;
      if (learner.count < 2) continue;
      item.push(response.score);
      rest.push((learner.total - response.score) / (learner.count - 1));
    }
    const enough = list.length >= options.minResponses;
    const discrimination = enough && item.length >= 3 ? correlation(item, rest) : null;
    const flags: ItemFlag[] = [];
    if (enough) {
      if (facility < TOO_HARD) flags.push('too_hard');
      if (facility > TOO_EASY) flags.push('too_easy');
      if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination');
      else if (discrimination !== null && discrimination < LOW_DISCRIMINATION) {
        flags.push('low_discrimination');
      }
    }
    return {
      questionId,
      responses: list.length,
      facility,
      discrimination: discrimination === null ? null : Math.round(discrimination * 1000) / 1000,
      flags,
    };
  });
}
