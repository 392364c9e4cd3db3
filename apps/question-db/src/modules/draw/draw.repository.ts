import { sql } from '@questa/db';
import type { RawBuilder } from 'kysely';
import type { DrawnPassage, PassageContent, QuestionContent } from '@questa/contracts';
import { QUESTION_DB_SCHEMA, type QuestionDb } from '../../db/tables';

/** Published versions of one bank, optionally of one topic and difficulty. */
export interface DrawPool {
  bankId: string;
  topic?: string | undefined;
  difficulty?: number | undefined;
}

/** Where a lookup finds its candidates in its pool. */
export type DrawSource =
  /** For each point in [0, 1), the first version at or after it in sample-key order. */
  | { points: readonly number[] }
  /** Up to `count` versions in sample-key order from `start`, wrapping round. */
  | { sweep: { start: number; count: number } }
  /** The versions of the questions of this passage, in authored order. */
  | { passage: string };

export interface DrawLookup {
  pool: DrawPool;
  source: DrawSource;
}

export interface DrawnVersion {
  questionId: string;
  version: number;
  content: QuestionContent;
  /** The passage the question refers to; null when it has none. */
  passageId: string | null;
  /** Set on questions read with their passage group. */
  passagePosition?: number;
}

/**
 * A candidate in its lookup's order: the index of its point, its place in the sweep, or its
 * position in its passage. Points past the last key find nothing, and two points in one gap
 * find the same version, so positions may be missing and versions repeated.
 */
export type DrawCandidate = DrawnVersion & { position: number };

export interface DrawFound {
  candidates: DrawCandidate[];
  /**
   * For each passage a points or sweep candidate refers to, the pool's versions of its
   * questions in authored order: what the candidate brings if drawn (decision 0018).
   */
  groups: Map<string, DrawnVersion[]>;
}

const versions = sql.table(`${QUESTION_DB_SCHEMA}.question_versions`);
const questions = sql.table(`${QUESTION_DB_SCHEMA}.questions`);
const passages = sql.table(`${QUESTION_DB_SCHEMA}.passages`);
const passageVersions = sql.table(`${QUESTION_DB_SCHEMA}.passage_versions`);

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

/** The lookup's candidates as (lookup, position, question_id, version) rows. */
function candidatesOf(lookup: DrawLookup, index: number, excluded: readonly string[]) {
  const where = inPool(lookup.pool, excluded);
  const { source } = lookup;
  if ('points' in source) {
    return sql`
      select ${index}::int as lookup, p.position::int as position, found.question_id, found.version
      from unnest(${source.points}::float8[]) with ordinality as p (point, position)
      cross join lateral (
        select v.question_id, v.version from ${versions} v
        where ${where} and v.sample_key >= p.point
        order by v.sample_key
        limit 1
      ) found`;
  }
  if ('sweep' in source) {
    const { start, count } = source.sweep;
    return sql`
      select ${index}::int as lookup, swept.position::int as position, swept.question_id,
        swept.version
      from (
        select row_number() over (order by lap, sample_key) as position, question_id, version
        from (
          (select 1 as lap, v.sample_key, v.question_id, v.version from ${versions} v
            where ${where} and v.sample_key >= ${start}::float8
            order by v.sample_key limit ${count})
          union all
          (select 2 as lap, v.sample_key, v.question_id, v.version from ${versions} v
            where ${where} and v.sample_key < ${start}::float8
            order by v.sample_key limit ${count})
        ) laps
      ) swept
      where swept.position <= ${count}`;
  }
  return sql`
    select ${index}::int as lookup, q.passage_position as position, v.question_id, v.version
    from ${questions} q
    join ${versions} v on v.question_id = q.id
    where q.passage_id = ${source.passage}::uuid and ${where}`;
}

/**
 * The pool's versions of the passages that points and sweep candidates refer to, for all such
 * lookups at once (one part of the statement to plan, not one per rule). Each passage is looked
 * up on its own (its few questions through the passage index, then their versions by key):
 * joined as sets, the planner may instead read the whole pool through a draw index.
 */
function groupsOf(lookups: readonly DrawLookup[], excluded: readonly string[]) {
  const pools = lookups.flatMap(({ pool, source }, index) =>
    'passage' in source
      ? []
      : [
          sql`(${index}::int, ${pool.bankId}::uuid, ${pool.topic ?? null}::text, ${pool.difficulty ?? null}::smallint)`,
        ],
  );
  if (pools.length === 0) return undefined;
  return sql`
    select 'member' as kind, g.lookup, m.passage_position as position, m.question_id, m.version,
      g.passage_id, m.content
    from (select distinct lookup, passage_id from grouped) g
    join (values ${sql.join(pools)}) as pool (lookup, bank_id, topic, difficulty)
      on pool.lookup = g.lookup
    cross join lateral (
      select v.question_id, v.version, q.passage_position, v.content
      from ${questions} q
      join ${versions} v on v.question_id = q.id
      where q.passage_id = g.passage_id and v.bank_id = pool.bank_id and v.status = 'published'
        and (pool.topic is null or v.topic = pool.topic)
        and (pool.difficulty is null or v.difficulty = pool.difficulty)
        and v.question_id <> all(${excluded}::uuid[])
    ) m`;
}

interface FoundRow {
  kind: 'candidate' | 'member' | 'passage';
  lookup: number | null;
  position: number | null;
  question_id: string | null;
  version: number;
  passage_id: string | null;
  content: QuestionContent | PassageContent;
}

export function createDrawRepository(db: QuestionDb) {
  return {
    /**
     * What each lookup finds, none of `excluded`, with everything a draw needs to answer: each
     * candidate's content and passage, the groups its passage brings, and the newest version of
     * every passage among them. One statement for any number of lookups: a draw of several
     * rules costs one round trip, not a dozen.
     */
    async find(
      lookups: readonly DrawLookup[],
      excluded: readonly string[],
    ): Promise<{ found: DrawFound[]; passages: Map<string, DrawnPassage> }> {
      const found = lookups.map((): DrawFound => ({ candidates: [], groups: new Map() }));
      const passageMap = new Map<string, DrawnPassage>();
      if (lookups.length === 0) return { found, passages: passageMap };
      const groups = groupsOf(lookups, excluded);
      const { rows } = await sql<FoundRow>`
        with candidates as (
          ${sql.join(
            lookups.map((lookup, index) => candidatesOf(lookup, index, excluded)),
            sql` union all `,
          )}
        ), grouped as (
          -- An index-only read of the index that holds only questions with a passage
          -- (migration 0017), however large the bank.
          select c.lookup, c.position, q.passage_id
          from candidates c
          cross join lateral (
            select q.passage_id from ${questions} q
            where q.id = c.question_id and q.passage_id is not null
          ) q
        )
        select 'candidate' as kind, c.lookup, c.position, c.question_id, c.version,
          g.passage_id, v.content
        from candidates c
        join ${versions} v on v.question_id = c.question_id and v.version = c.version
        left join grouped g on g.lookup = c.lookup and g.position = c.position
        ${groups ? sql`union all ${groups}` : sql``}
        union all
        select 'passage', null, null, null, pv.version, p.id, pv.content
        from ${passages} p
        join ${passageVersions} pv on pv.passage_id = p.id and pv.version = p.current_version
        where p.id in (select passage_id from grouped)`.execute(db);
      for (const row of rows) {
        if (row.kind === 'passage') {
          const id = row.passage_id!;
          passageMap.set(id, { id, version: row.version, content: row.content as PassageContent });
          continue;
        }
        const into = found[row.lookup!]!;
        const version: DrawnVersion = {
          questionId: row.question_id!,
          version: row.version,
          content: row.content as QuestionContent,
          passageId: row.passage_id,
        };
        if (row.kind === 'candidate') {
          into.candidates.push({
            ...version,
            position: row.position!,
            ...('passage' in lookups[row.lookup!]!.source && { passagePosition: row.position! }),
          });
          continue;
        }
        const group = into.groups.get(row.passage_id!) ?? [];
        group.push({ ...version, passagePosition: row.position! });
        into.groups.set(row.passage_id!, group);
      }
      for (const { candidates, groups } of found) {
        candidates.sort((a, b) => a.position - b.position);
        for (const group of groups.values()) {
          group.sort((a, b) => a.passagePosition! - b.passagePosition!);
        }
      }
      return { found, passages: passageMap };
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
  };
}

export type DrawRepository = ReturnType<typeof createDrawRepository>;
