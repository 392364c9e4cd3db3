import type { Allowance } from '@questa/contracts';
import { LEARNING } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { ApiDb } from '../../db/tables';
import { createDailyUsageRepository, type DailyUsageRepository } from './daily-usage.repository';

/** The next UTC midnight: when the free allowance starts again. */
export const nextUtcMidnight = (now = new Date()): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

/**
 * The free daily practice allowance (`LEARNING.freeDailyAnswers` a day). The count lives in one row per
 * learner and day, raised in the answer's own unit of work only while under the limit.
 */
const spent = () =>
  new HttpProblem('quota.exceeded', {
    detail: `You have used today’s ${LEARNING.freeDailyAnswers} free answers. Premium practice has no daily limit.`,
  });

export function createAllowance(db: ApiDb) {
  const usage = createDailyUsageRepository(db);
  return {
    async read(userId: string, premium: boolean): Promise<Allowance> {
      const used = await usage.answersToday(userId);
      const limit = premium ? null : LEARNING.freeDailyAnswers;
      return {
        limit,
        used,
        remaining: limit === null ? null : Math.max(0, limit - used),
        resetsAt: nextUtcMidnight(),
      };
    },

    /**
     * Takes one answer from today's allowance, or refuses with `quota.exceeded`; `inWork` is the
     * usage repository of the unit of work that stores the answer.
     */
    async take(inWork: DailyUsageRepository, userId: string) {
      const counted = await inWork.countAnswerBelow(userId, LEARNING.freeDailyAnswers);
      if (!counted) throw spent();
    },

    /**
     * Refuses with `quota.exceeded` when a free learner has nothing left today: a session opened
     * then could not take a single answer. Answers still count only in `take`.
     */
    async refuseWhenSpent(userId: string) {
      if ((await usage.answersToday(userId)) >= LEARNING.freeDailyAnswers) throw spent();
    },
  };
}

export type AllowanceService = ReturnType<typeof createAllowance>;
