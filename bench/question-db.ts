import type { AddressInfo } from 'node:net';
import { readTestSettings } from '@questa/config';
import { sql, type Kysely } from '@questa/db';
import { keptServerDatabase } from '@questa/db/testing';
import { questionContent, type QuestionContent } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '@questa/question-db/testing';
import { serializeQuestions } from '@questa/question-formats';
import { median } from './measure';

export interface QuestionDbFigures {
  questions: number;
  /** Seconds the bank took to generate; null when a kept database already held it. */
  generateSeconds: number | null;
  search: { term: string; matches: number; p50: number; p95: number }[];
  draw: { p50: number; p95: number };
  giftImport: { questions: number; medianMs: number };
}

/** The bank's size unless the run asks for another (`npm run bench -- qdb 200000`). */
export const QUESTION_DB_TOTAL = 1_000_000;
const BATCH = 50_000;
const topics = [
  'Algebra',
  'Geometry',
  'Chemistry',
  'Geography',
  'History',
  'Biology',
  'Physics',
  'Music',
];
// Filler vocabulary; the three probe terms below are placed at known rates on top of it.
const filler = `river mountain ancient modern theory measure signal pattern energy island market
  language number symbol protein element orbit climate border canal empire treaty melody rhythm
  triangle circle vector matrix acid metal gas crystal forest desert ocean valley harbour bridge
  engine planet comet season harvest scholar library archive portrait sculpture festival`
  .split(/\s+/)
  .filter(Boolean);
const probes = [
  { term: 'zygomorphic', every: 100_000 }, // rare: 10 questions
  { term: 'volcano', every: 100 }, // common: 10,000 questions
  { term: 'capital', every: 2 }, // very common: 500,000 questions
];

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Writes `total` published single-choice questions into one bank with set-based SQL, through the
 * same search-document function the API uses on every write; one in 50 with a passage.
 */
export async function generate(
  qdb: TestQuestionDb,
  clientId: string,
  bankId: string,
  total: number,
) {
  const db = qdb.db as unknown as Kysely<unknown>;
  const words = sql.val(filler);
  const topicList = sql.val(topics);
  for (let start = 0; start < total; start += BATCH) {
    await sql`
      with numbered as (
        select i, gen_random_uuid() as id,
          ${topicList}::text[] as topics, ${words}::text[] as words
        from generate_series(${start + 1}::int, ${Math.min(start + BATCH, total)}::int) as i
      ), built as (
        select id, i, topics[1 + i % array_length(topics, 1)] as topic, 1 + i % 5 as difficulty,
          jsonb_build_object(
            'type', 'single_choice',
            'stem', concat_ws(' ', 'Which', words[1 + i % 47], words[1 + (i * 7) % 47],
              case when i % ${probes[2]!.every} = 0 then ${probes[2]!.term} end,
              case when i % ${probes[1]!.every} = 7 then ${probes[1]!.term} end,
              case when i % ${probes[0]!.every} = 13 then ${probes[0]!.term} end,
              words[1 + (i * 13) % 47], 'belongs to item', i::text, '?'),
            'explanation', concat('Because item ', i, ' says so.'),
            'topic', topics[1 + i % array_length(topics, 1)],
            'tags', jsonb_build_array('bench'),
            'difficulty', 1 + i % 5, 'points', 1, 'media', '[]'::jsonb,
            'licence', 'CC BY 4.0', 'attribution', '',
            'options', jsonb_build_array(
              jsonb_build_object('id', 'a', 'text', words[1 + (i * 3) % 47], 'correct', true),
              jsonb_build_object('id', 'b', 'text', words[1 + (i * 5) % 47], 'correct', false))
          ) as content
        from numbered
      ), inserted as (
        insert into question_db.questions (id, bank_id, client_id, current_version,
          published_version, status, type, topic, tags, difficulty, search_config, search_document)
        select id, ${bankId}::uuid, ${clientId}::uuid, 1, 1, 'published', 'single_choice', topic,
          array['bench'], difficulty, 'pg_catalog.english'::regconfig,
          question_db.question_search_document('pg_catalog.english'::regconfig, content)
        from built
        returning id
      )
      insert into question_db.question_versions (question_id, bank_id, version, status, type,
        content, topic, tags, difficulty, author_id)
      select id, ${bankId}::uuid, 1, 'published', 'single_choice', content, topic, array['bench'],
        difficulty, 'bench'
      from built`.execute(db);
  }
  // One question in 50 reads with a passage, in groups of four spread over the bank, so draws
  // take the passage path too (decision 0018).
  const grouped = Math.floor(total / 50 / 4) * 4;
  await sql`
    with groups as (
      select g, gen_random_uuid() as id from generate_series(0, ${grouped / 4 - 1}::int) as g
    ), passages as (
      insert into question_db.passages (id, client_id, bank_id, title)
      select id, ${clientId}::uuid, ${bankId}::uuid, concat('Passage ', g) from groups
    )
    insert into question_db.passage_versions (passage_id, version, content, author_id)
    select id, 1, jsonb_build_object('title', concat('Passage ', g),
      'body', concat('Read passage ', g, ' before the questions on it.'), 'media', '[]'::jsonb),
      'bench'
    from groups`.execute(db);
  await sql`
    with chosen as (
      select id, row_number() over (order by id) - 1 as n
      from question_db.questions where bank_id = ${bankId}::uuid order by id limit ${grouped}
    ), groups as (
      select id, row_number() over (order by id) - 1 as g
      from question_db.passages where bank_id = ${bankId}::uuid
    )
    update question_db.questions q
    set passage_id = groups.id, passage_position = chosen.n % 4 + 1
    from chosen join groups on groups.g = chosen.n / 4
    where q.id = chosen.id`.execute(db);
  await settle(db);
}

/**
 * Vacuums and analyses the question tables. A bank this size gets its visibility map set (and
 * its word index's pending entries merged) by autovacuum soon after the inserts, and a run that
 * measured before or during that vacuum would measure the vacuum, not the reads.
 */
async function settle(db: Kysely<unknown>) {
  await sql`vacuum (analyze) question_db.questions`.execute(db);
  await sql`vacuum (analyze) question_db.question_versions`.execute(db);
}

const SEEDED_SLUG = 'million';
const IMPORT_SLUG = 'gift-import-';

/**
 * The bench's tenant and bank when the database holds them whole (`total` questions, one in 50
 * with a passage, as `generate` writes them), the banks earlier runs imported into removed and
 * the tables vacuumed as after generating.
 */
async function seededBank(qdb: TestQuestionDb, total: number) {
  const db = qdb.db as unknown as Kysely<unknown>;
  const { rows } = await sql<{ client_id: string; bank_id: string; n: string; grouped: string }>`
    select b.client_id, b.id as bank_id, count(q.id) as n, count(q.passage_id) as grouped
    from question_db.clients c
    join question_db.banks b on b.client_id = c.id and b.slug = ${SEEDED_SLUG}
    left join question_db.questions q on q.bank_id = b.id
    where c.slug = 'bench'
    group by b.client_id, b.id`.execute(db);
  const row = rows[0];
  if (!row || Number(row.n) !== total || Number(row.grouped) !== Math.floor(total / 50 / 4) * 4) {
    return undefined;
  }
  await sql`delete from question_db.banks
    where client_id = ${row.client_id}::uuid and starts_with(slug, ${IMPORT_SLUG})`.execute(db);
  await settle(db);
  return { clientId: row.client_id, bankId: row.bank_id };
}

export function giftFile(count: number): Uint8Array {
  const contents: QuestionContent[] = [];
  for (let i = 0; i < count; i++) {
    contents.push(
      questionContent.parse({
        type: 'single_choice',
        stem: `Which ${filler[i % filler.length]} is number ${i}?`,
        topic: topics[i % topics.length],
        difficulty: 1 + (i % 5),
        explanation: `Number ${i} is the one.`,
        options: [
          { id: 'a', text: `the ${filler[(i * 3) % filler.length]}`, correct: true },
          { id: 'b', text: `the ${filler[(i * 5) % filler.length]}`, correct: false },
        ],
      }),
    );
  }
  return serializeQuestions('gift', contents).body;
}

/**
 * Search, draw and import figures for the question database on a bank of `total` questions.
 * With `keep`, the bank lives in a database named after its size that stays on the server after
 * the run: a later run with `keep` migrates it and measures the same rows again instead of
 * generating them (what it imported is removed first), so a change is measured before and after
 * on one data set. A database that does not hold the whole bank is dropped and generated again.
 */
export async function benchQuestionDb(
  total = QUESTION_DB_TOTAL,
  options: { keep?: boolean } = {},
): Promise<QuestionDbFigures> {
  const adminUrl = readTestSettings().databaseUrl;
  if (options.keep && !adminUrl) throw new Error('Keeping the bench database needs DATABASE_URL.');
  const keptName = `questa_bench_qdb_${total}`;
  let kept = options.keep ? await keptServerDatabase(adminUrl!, keptName) : undefined;
  let qdb = await startTestQuestionDb(kept ? { database: kept } : {});
  const reused = kept?.fresh === false ? await seededBank(qdb, total) : undefined;
  if (kept && !kept.fresh && !reused) {
    await qdb.close();
    await kept.drop();
    kept = await keptServerDatabase(adminUrl!, keptName);
    qdb = await startTestQuestionDb({ database: kept });
  }
  try {
    const owner = 'bench-owner';
    // The bench's workspace holds far more than a free one may.
    const clientId =
      reused?.clientId ??
      (await qdb.createTenant(
        'bench',
        { [owner]: 'owner' },
        { limits: { banks: 100, questions: total * 2 } },
      ));
    const token = await qdb.issuer.sign(
      { sub: owner },
      { expiresAt: Math.floor(Date.now() / 1000) + 7200 },
    );
    await qdb.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(qdb.app.server.address() as AddressInfo).port}/qdb/api/v1/clients/${clientId}`;
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${base}${path}`, {
        ...init,
        headers: { ...bearer(token), ...(init.headers as Record<string, string> | undefined) },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response;
    };
    const createBank = async (slug: string) =>
      (
        (await (
          await call('/banks', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ slug, title: slug, language: 'en' }),
          })
        ).json()) as { id: string }
      ).id;

    let generateSeconds: number | null = null;
    let bankId = reused?.bankId;
    if (bankId === undefined) {
      bankId = await createBank(SEEDED_SLUG);
      const started = performance.now();
      await generate(qdb, clientId, bankId, total);
      generateSeconds = (performance.now() - started) / 1000;
    }

    const timed = async (run: () => Promise<unknown>, times: number) => {
      for (let i = 0; i < 5; i++) await run(); // warm caches and plans
      const samples: number[] = [];
      for (let i = 0; i < times; i++) {
        const begin = performance.now();
        await run();
        samples.push(performance.now() - begin);
      }
      return { p50: median(samples), p95: percentile(samples, 95) };
    };

    const search = [];
    for (const { term, every } of probes) {
      const figures = await timed(
        () => call(`/questions?bankId=${bankId}&q=${term}&limit=25`).then((r) => r.json()),
        100,
      );
      search.push({ term, matches: Math.floor(total / every), ...figures });
    }

    let seed = 0;
    const draw = await timed(
      () =>
        call(`/banks/${bankId}/draw`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            rules: [
              { count: 20 },
              { topic: 'Chemistry', count: 15 },
              { topic: 'Geometry', difficulty: 3, count: 15 },
            ],
            seed: `run-${seed++}`,
          }),
        }).then((r) => r.json()),
      100,
    );

    const file = giftFile(10_000);
    const importTimes: number[] = [];
    for (let run = 0; run < 3; run++) {
      const target = await createBank(`${IMPORT_SLUG}${run}`);
      const begin = performance.now();
      await call(`/banks/${target}/import?format=gift&mode=all_or_nothing`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: file,
      });
      importTimes.push(performance.now() - begin);
    }

    return {
      questions: total,
      generateSeconds,
      search,
      draw,
      giftImport: { questions: 10_000, medianMs: median(importTimes) },
    };
  } finally {
    await qdb.close();
  }
}
