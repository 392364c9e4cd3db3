import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

const utcDay = sql<string>`to_char(answered_at at time zone 'utc', 'YYYY-MM-DD')`;

/** What progress reads: aggregates over the learner's recorded answers. */
export function createProgressRepository(db: ApiDb) {
  const mine = (userId: string) => db.selectFrom('answer_events').where('user_id', '=', userId);
  return {
    totals: (userId: string) =>
      mine(userId)
        .select([
          sql<number>`count(*)::int`.as('answered'),
          sql<number>`count(*) filter (where correct)::int`.as('correct'),
        ])
        .executeTakeFirstOrThrow(),

    byTopic: (userId: string) =>
      mine(userId)
        .select([
          'bank_id as bankId',
          sql<string>`max(bank_title)`.as('bankTitle'),
          'topic',
          sql<number>`count(*)::int`.as('answered'),
          sql<number>`count(*) filter (where correct)::int`.as('correct'),
        ])
        .groupBy(['bank_id', 'topic'])
        .orderBy('bank_id')
        .orderBy('topic')
        .limit(500)
        .execute(),

    byDay: (userId: string, days: number) =>
      mine(userId)
        .select([
          utcDay.as('day'),
          sql<number>`count(*)::int`.as('answered'),
          sql<number>`count(*) filter (where correct)::int`.as('correct'),
        ])
        .where('answered_at', '>=', sql<string>`now() - make_interval(days => ${days})`)
        .groupBy(sql`1`)
        .execute(),

    /** Days with any answer, newest first: enough history for any streak worth showing. */
    async activeDays(userId: string, limit: number): Promise<string[]> {
      const rows = await mine(userId)
        .select(utcDay.as('day'))
        .groupBy(sql`1`)
        .orderBy(sql`1`, 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.day);
    },
  };
}

export type ProgressRepository = ReturnType<typeof createProgressRepository>;
