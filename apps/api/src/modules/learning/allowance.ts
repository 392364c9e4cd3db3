import type { Allowance } from '@questa/contracts';
import { LEARNING } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

const today = sql<string>`(now() at time zone 'utc')::date`;

/** The next UTC midnight: when the free allowance starts again. */
export const nextUtcMidnight = (now = new Date()): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

/**
 * The free daily practice allowance (PRODUCT §9: 20 answers a day). The count lives in one row per
 * learner and day, raised in the answer's own transaction only while under the limit, so two
 * answers at once cannot both take the last one.
 */
export function createAllowance(db: ApiDb) {
  return {
    async read(userId: string, premium: boolean): Promise<Allowance> {
      const row = await db
        .selectFrom('daily_usage')
        .select('answers')
        .where('user_id', '=', userId)
        .where('day', '=', today)
        .executeTakeFirst();
      const used = row?.answers ?? 0;
      const limit = premium ? null : LEARNING.freeDailyAnswers;
      return {
        limit,
        used,
        remaining: limit === null ? null : Math.max(0, limit - used),
        resetsAt: nextUtcMidnight(),
      };
    },

    /** Takes one answer from today's allowance, or refuses with `quota.exceeded`. */
    async take(trx: ApiDb, userId: string) {
      const row = await trx
        .insertInto('daily_usage')
        .values({ user_id: userId, day: today, answers: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'day'])
            .doUpdateSet({ answers: sql<number>`daily_usage.answers + 1` })
            .where('daily_usage.answers', '<', LEARNING.freeDailyAnswers),
        )
        .returning('answers')
        .executeTakeFirst();
      if (!row) {
        throw new HttpProblem('quota.exceeded', {
          detail: `You have used today’s ${LEARNING.freeDailyAnswers} free answers. Premium practice has no daily limit.`,
        });
      }
    },
  };
}

export type AllowanceService = ReturnType<typeof createAllowance>;
