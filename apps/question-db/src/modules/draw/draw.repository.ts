import { sql } from '@questa/db';
import type { RawBuilder } from 'kysely';
import type { DrawnPassage, PassageContent, QuestionContent } from '@questa/contracts';
import { QUESTION_DB_SCHEMA, type QuestionDb } from '../../db/tables';

/** Published versions of one bank, optionally of one topic and difficulty. */
export interface DrawPool {
  bankId: string;
  topic?: string | undefined;
  difficulty?: number | undefined;
  /** Only this passage's questions. */
  passageId?: string | undefined;
}

export interface DrawnVersion {
  questionId: string;
  version: number;
  /** Set on questions read with their passage group. */
  passageId?: string | null;
  passagePosition?: number;
}

const versions = sql.table(`${QUESTION_DB_SCHEMA}.question_versions`);
const questions = sql.table(`${QUESTION_DB_SCHEMA}.questions`);

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

    /** Whether any passage belongs to the bank; a bank without one needs no group lookups. */
    async hasPassages(bankId: string): Promise<boolean> {
      const row = await db
        .selectFrom('passages')
        .select('id')
        .where('bank_id', '=', bankId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The passage of each question that has one: an index-only read of the index that holds
     * only questions with a passage (migration 0017), however large the bank.
     */
    async passagesOf(questionIds: readonly string[]): Promise<Map<string, string>> {
      if (questionIds.length === 0) return new Map();
      const { rows } = await sql<{ id: string; passage_id: string }>`
        select q.id, q.passage_id from ${questions} q
        where q.id = any(${[...new Set(questionIds)]}::uuid[]) and q.passage_id is not null`.execute(
        db,
      );
      return new Map(rows.map((row) => [row.id, row.passage_id]));
    },

    /**
     * The pool's published versions that refer to these passages, by passage, each group in
     * authored order. Each passage is looked up on its own (its few questions through the
     * passage index, then their versions by key): joined as sets, the planner may instead read
     * the whole pool through a draw index to match them.
     */
    async members(
      pool: DrawPool,
      passageIds: readonly string[],
      excluded: readonly string[],
    ): Promise<Map<string, DrawnVersion[]>> {
      const groups = new Map<string, DrawnVersion[]>();
      if (passageIds.length === 0) return groups;
      const { rows } = await sql<{
        question_id: string;
        version: number;
        passage_id: string;
        passage_position: number;
      }>`
        select m.question_id, m.version, p.passage_id, m.passage_position
        from unnest(${passageIds}::uuid[]) as p (passage_id)
        cross join lateral (
          select v.question_id, v.version, q.passage_position
          from ${questions} q
          join ${versions} v on v.question_id = q.id
          where q.passage_id = p.passage_id and ${inPool(pool, excluded)}
        ) m
        order by p.passage_id, m.passage_position`.execute(db);
      for (const row of rows) {
        const group = groups.get(row.passage_id) ?? [];
        group.push({
          questionId: row.question_id,
          version: row.version,
          passageId: row.passage_id,
          passagePosition: row.passage_position,
        });
        groups.set(row.passage_id, group);
      }
      return groups;
    },

    /** The newest version of each passage. */
    async passages(passageIds: readonly string[]): Promise<DrawnPassage[]> {
      if (passageIds.length === 0) return [];
      const rows = await db
        .selectFrom('passages as p')
        .innerJoin('passage_versions as v', (join) =>
          join.onRef('v.passage_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
        )
        .select(['p.id', 'v.version', 'v.content'])
        .where('p.id', 'in', [...new Set(passageIds)])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        version: row.version,
        content: row.content satisfies PassageContent,
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
