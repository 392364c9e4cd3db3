import { openDatabase, type Database } from '@questa/db';

/** What the classes bench made, and where. */
export interface Seeded {
  clientId: string;
  gradebookClassId: string;
  reminderClassId: string;
  reminderAssignmentId: string;
  submissions: number;
}

const FIRST_NAMES = [
  'Amara',
  'Ben',
  'Chloé',
  'Dawit',
  'Elif',
  'Finn',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Luca',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quentin',
  'Rosa',
  'Sami',
  'Tess',
  'Umar',
  'Vera',
  'Wen',
  'Yusuf',
  'Zoe',
];
const LAST_NAMES = [
  'Adeyemi',
  'Berg',
  'Castro',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Hansen',
  'Ito',
  'Jansen',
  'Kowalski',
  'Laurent',
  'Müller',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Yilmaz',
  'Zhang',
];
const textArray = (items: string[]) => `array[${items.map((item) => `'${item}'`).join(', ')}]`;

/** The database a stopped Questa left: its PGlite folder, or the PostgreSQL database it used. */
const open = (databaseUrl: string | undefined, dataDir: string) =>
  openDatabase(databaseUrl ? { databaseUrl, maxConnections: 1 } : { dataDir });

async function withDatabase<T>(
  databaseUrl: string | undefined,
  dataDir: string,
  work: (database: Database) => Promise<T>,
) {
  const database = await open(databaseUrl, dataDir);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Learners, memberships and submissions written straight into the main API's tables in one
 * transaction, as the app would have left them after months of use: going through sign-up and
 * thousands of attempts over HTTP would take hours. The classes and assignments were given
 * through the app; this only moves their dates.
 */
export async function seedClasses(
  databaseUrl: string | undefined,
  dataDir: string,
  input: {
    clientId: string;
    gradebookClassId: string;
    reminderClassId: string;
    reminderAssignmentId: string;
    learners: number;
    reminded: number;
  },
): Promise<Seeded> {
  const names = `(${textArray(FIRST_NAMES)})[1 + (n * 7) % ${FIRST_NAMES.length}] || ' ' || (${textArray(LAST_NAMES)})[1 + (n * 11 + n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;
  const submissions = await withDatabase(databaseUrl, dataDir, (database) =>
    database.scriptTransaction(async (tx) => {
      await tx.exec('set local search_path to main_api; select setseed(0.2026);');
      const people = async (prefix: string, count: number, classId: string) => {
        await tx.query(
          `insert into users (sub, email, display_name)
           select $1 || n, $1 || lpad(n::text, 5, '0') || '@questa.test', ${names}
           from generate_series(1, $2::int) n`,
          [prefix, count],
        );
        await tx.query(
          `insert into class_members (class_id, user_id, joined_at)
           select $1, id, now() - interval '130 days' + random() * interval '10 days'
           from users where sub like $2 || '%'`,
          [classId, prefix],
        );
      };
      await people('bench-gradebook-', input.learners, input.gradebookClassId);
      await people('bench-remind-', input.reminded, input.reminderClassId);

      // Three days apart, the last due three days ago; a quarter allow three attempts, a fifth
      // take 10 % off late work.
      await tx.query(
        `with ordered as (
           select id, row_number() over (order by due_at, id)::int as i,
             count(*) over ()::int as total
           from assignments where class_id = $1)
         update assignments a set
           due_at = now() - ((o.total + 1 - o.i) * interval '3 days'),
           opens_at = now() - ((o.total + 1 - o.i) * interval '3 days') - interval '7 days',
           attempts_allowed = case when o.i % 4 = 0 then 3 else 1 end,
           late_policy = case when o.i % 5 = 0 then 'penalty' else 'accept' end,
           late_penalty_percent = case when o.i % 5 = 0 then 10 else 0 end
         from ordered o where a.id = o.id`,
        [input.gradebookClassId],
      );
      await tx.query(
        `update assignments set opens_at = now() - interval '1 day', due_at = now() + interval '12 hours'
         where id = $1`,
        [input.reminderAssignmentId],
      );

      // A cell a learner and an assignment; its rolls decide whether it was started, finished,
      // late, and in how many attempts. Scores follow each learner's level with some noise.
      const inserted = await tx.query<{ count: string }>(
        `with level as (
           select user_id, 0.35 + random() * 0.6 as skill from class_members where class_id = $1
         ), cells as (
           select a.id as assignment_id, a.due_at, a.question_count, a.late_policy,
             a.late_penalty_percent, a.attempts_allowed, l.user_id, l.skill,
             random() as started, random() as late_roll, random() as retry
           from assignments a cross join level l where a.class_id = $1
         ), tries as (
           select c.*, t.attempt,
             t.attempt = case when c.attempts_allowed > 1 and c.retry < 0.3 then 2 else 1 end as last,
             c.late_roll < 0.12 as late,
             least(1, greatest(0, c.skill + (random() - 0.5) * 0.4 + (t.attempt - 1) * 0.1)) as level,
             (60 + random() * 1500)::int as seconds,
             random() as when_roll
           from cells c
           cross join lateral generate_series(
             1, case when c.attempts_allowed > 1 and c.retry < 0.3 then 2 else 1 end) t(attempt)
           where c.started >= 0.08
         ), stamped as (
           select *,
             not (last and started < 0.15) as completed,
             case when late then due_at + when_roll * interval '2 days'
               else due_at - interval '6 days' + when_roll * interval '5 days' end
               + (attempt - 1) * interval '2 hours' as began,
             round(level * question_count) as points
           from tries
         ), inserted as (
           insert into submissions (assignment_id, user_id, attempt, started_at, completed_at,
             points, max_points, fraction, score, late, time_spent_seconds)
           select assignment_id, user_id, attempt, began,
             case when completed then began + seconds * interval '1 second' end,
             case when completed then points end,
             case when completed then question_count end,
             case when completed then points / question_count end,
             case when completed then points / question_count *
               case when late and late_policy = 'penalty'
                 then (100 - late_penalty_percent) / 100.0 else 1 end end,
             late,
             case when completed then seconds else seconds / 3 end
           from stamped
           returning 1)
         select count(*)::text as count from inserted`,
        [input.gradebookClassId],
      );
      // Statistics for the planner, as autovacuum gathers them soon after a bulk load.
      await tx.exec('analyze users, class_members, assignments, submissions;');
      return Number(inserted[0]!.count);
    }),
  );
  return { ...input, submissions };
}

/** When the sweep's first batch statement reminded anyone of the assignment (wall clock, ms). */
export async function sweepStartedAt(
  databaseUrl: string | undefined,
  dataDir: string,
  assignmentId: string,
): Promise<number> {
  return withDatabase(databaseUrl, dataDir, async (database) =>
    database.scriptTransaction(async (tx) => {
      const rows = await tx.query<{ first: string | null }>(
        `select (extract(epoch from min(sent_at)) * 1000)::text as first
         from main_api.assignment_reminders
         where assignment_id = $1`,
        [assignmentId],
      );
      const first = rows[0]?.first;
      return first ? Number(first) : Number.NaN;
    }),
  );
}
