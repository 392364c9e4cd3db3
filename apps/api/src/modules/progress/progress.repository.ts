import { sql } from '@questa/db';
import type { ReviewCard } from '@questa/scoring';
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

    /** Review cards answered at least once, with the topic of the question they hold. */
    studiedCards: (
      userId: string,
      limit: number,
    ): Promise<{ bankId: string; bankTitle: string; topic: string; fsrs: ReviewCard }[]> =>
      db
        .selectFrom('review_cards')
        .select([
          'bank_id as bankId',
          'bank_title as bankTitle',
          sql<string>`content->>'topic'`.as('topic'),
          'fsrs',
        ])
        .where('user_id', '=', userId)
        .where('state', '!=', 'new')
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute(),

    /**
     * The median time per answer by bank and topic, in practice and review: the gap since the
     * learner's previous answer of the same kind, gaps longer than `breakSeconds` left out.
     * Exam answers are recorded together at submission, so they carry no timing.
     */
    answerTimes: (userId: string, breakSeconds: number) =>
      db
        .selectFrom(
          mine(userId)
            .where('source', 'in', ['practice', 'review'])
            .select([
              'bank_id',
              'bank_title',
              'topic',
              sql<number>`extract(epoch from answered_at - lag(answered_at) over (partition by source order by answered_at))`.as(
                'seconds',
              ),
            ])
            .as('timed'),
        )
        .select([
          'bank_id as bankId',
          sql<string>`max(bank_title)`.as('bankTitle'),
          'topic',
          sql<number>`count(*)::int`.as('answers'),
          sql<number>`(percentile_cont(0.5) within group (order by seconds))::float8`.as(
            'medianSeconds',
          ),
        ])
        .where('seconds', '>', 0)
        .where('seconds', '<=', breakSeconds)
        .groupBy(['bank_id', 'topic'])
        .execute(),
  };
}

export type ProgressRepository = ReturnType<typeof createProgressRepository>;
