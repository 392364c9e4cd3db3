import { sql } from '@questa/db';
import type { RawBuilder } from 'kysely';
import type { QuestionContent } from '@questa/contracts';
import { QUESTION_DB_SCHEMA, type QuestionDb } from '../../db/tables';

/** Published versions of one bank, optionally of one topic and difficulty. */
export interface DrawPool {
  bankId: string;
  topic?: string | undefined;
  difficulty?: number | undefined;
}

export interface DrawnVersion {
  questionId: string;
  version: number;
}

const versions = sql.table(`${QUESTION_DB_SCHEMA}.question_versions`);

// Every condition matches a partial index of published versions on (bank_id[, topic]
// [, difficulty], sample_key), so each lookup below is one index descent and a short walk.
function inPool(pool: DrawPool, excluded: readonly string[]): RawBuilder<boolean> {
  const conditions = [
    sql`v.bank_id = ${pool.bankId}::uuid`,
    sql`v.status = 'published'`,
    ...(pool.topic === undefined ? [] : [sql`v.topic = ${pool.topic}`]),
    ...(pool.difficulty === undefined ? [] : [sql`v.difficulty = ${pool.difficulty}`]),
    sql`v.question_id <> all(${excluded}::uuid[])`,
  ];
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

export function createDrawRepository(db: QuestionDb) {
  return {
    /**
     * For each point in [0, 1), the first version of the pool at or after it in sample-key
     * order, in the order of the points. Points past the last key find nothing; two points in
     * one gap find the same version, so callers skip repeats.
     */
    async probe(pool: DrawPool, points: readonly number[], excluded: readonly string[]) {
      const { rows } = await sql<{ question_id: string; version: number }>`
        select found.question_id, found.version
        from unnest(${points}::float8[]) with ordinality as p (point, position)
        cross join lateral (
          select v.question_id, v.version from ${versions} v
          where ${inPool(pool, excluded)} and v.sample_key >= p.point
          order by v.sample_key
          limit 1
        ) found
        order by p.position`.execute(db);
      return rows.map((row): DrawnVersion => ({
        questionId: row.question_id,
        version: row.version,
      }));
    },

    /** Up to `count` versions of the pool in sample-key order from `start`, wrapping around. */
    async sweep(pool: DrawPool, start: number, count: number, excluded: readonly string[]) {
      const { rows } = await sql<{ question_id: string; version: number }>`
        select question_id, version from (
          (select 1 as lap, v.sample_key, v.question_id, v.version from ${versions} v
            where ${inPool(pool, excluded)} and v.sample_key >= ${start}::float8
            order by v.sample_key limit ${count})
          union all
          (select 2 as lap, v.sample_key, v.question_id, v.version from ${versions} v
            where ${inPool(pool, excluded)} and v.sample_key < ${start}::float8
            order by v.sample_key limit ${count})
        ) swept
        order by lap, sample_key
        limit ${count}`.execute(db);
      return rows.map((row): DrawnVersion => ({
        questionId: row.question_id,
        version: row.version,
      }));
    },

    async contents(picks: readonly DrawnVersion[]): Promise<Map<string, QuestionContent>> {
      if (picks.length === 0) return new Map();
      const rows = await db
        .selectFrom('question_versions')
        .select(['question_id', 'content'])
        .where(
          sql<boolean>`(question_id, version) in (select * from unnest(${picks.map((pick) => pick.questionId)}::uuid[], ${picks.map((pick) => pick.version)}::int[]))`,
        )
        .execute();
      return new Map(rows.map((row) => [row.question_id, row.content]));
    },
  };
}

export type DrawRepository = ReturnType<typeof createDrawRepository>;
