import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

const today = sql<string>`(now() at time zone 'utc')::date`;

/** Practice answers counted per learner and UTC day, one row each. */
export function createDailyUsageRepository(db: ApiDb) {
  return {
    async answersToday(userId: string): Promise<number> {
      const row = await db
        .selectFrom('daily_usage')
        .select('answers')
        .where('user_id', '=', userId)
        .where('day', '=', today)
        .executeTakeFirst();
      return row?.answers ?? 0;
    },

    /**
     * Counts one more answer today unless `limit` are counted already; false when the limit was
     * reached. One statement, so two answers at once cannot both take the last one.
     */
    async countAnswerBelow(userId: string, limit: number): Promise<boolean> {
      const row = await db
        .insertInto('daily_usage')
        .values({ user_id: userId, day: today, answers: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'day'])
            .doUpdateSet({ answers: sql<number>`daily_usage.answers + 1` })
            .where('daily_usage.answers', '<', limit),
        )
        .returning('answers')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type DailyUsageRepository = ReturnType<typeof createDailyUsageRepository>;
