import type { LearnerHistory, LiveRoomSettings } from '@questa/contracts';
import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

const iso = (value: string | Date) => new Date(value).toISOString();

/** One learner's submissions to one assignment, summed up. */
export interface CellRow {
  userId: string;
  assignmentId: string;
  attempts: number;
  completed: boolean;
  best: number | null;
  late: boolean | null;
  timeSpent: number;
}

/** A finished live room of the class: a column of its own (decision 0033). */
export interface LiveColumnRow {
  id: string;
  bankTitle: string;
  finishedAt: string;
  /** Questions asked before the end: the room's position when it finished. */
  asked: number;
  settings: LiveRoomSettings;
}

/** One class member's play in one finished class room. */
export interface LivePlayRow {
  userId: string;
  roomId: string;
  score: number;
  answered: number;
  elapsedMs: number;
  joinedAt: string;
}

/**
 * The gradebook reads whole classes at once: the columns, the roster and one grouped statement
 * over the class's submissions, so its cost follows the number of submissions, never the number
 * of cells asked one by one.
 */
export function createGradebookRepository(db: ApiDb) {
  return {
    async columns(classId: string) {
      const rows = await db
        .selectFrom('assignments')
        .select(['id', 'title', 'kind', 'due_at as dueAt', 'question_count as questionCount'])
        .where('class_id', '=', classId)
        .orderBy('due_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, dueAt: iso(row.dueAt) }));
    },

    /** Every current learner's standing in every assignment of the class they have started. */
    async cells(classId: string): Promise<CellRow[]> {
      const rows = await db
        .selectFrom('submissions as s')
        .innerJoin('assignments as a', 'a.id', 's.assignment_id')
        .innerJoin('class_members as m', (join) =>
          join.onRef('m.user_id', '=', 's.user_id').onRef('m.class_id', '=', 'a.class_id'),
        )
        .select([
          's.user_id as userId',
          's.assignment_id as assignmentId',
          sql<number>`count(*)::int`.as('attempts'),
          sql<boolean>`bool_or(s.completed_at is not null)`.as('completed'),
          sql<number | null>`max(s.score) filter (where s.completed_at is not null)`.as('best'),
          // The best attempt's late mark: late only if no timely attempt scored as much; plain
          // aggregates, cheaper than ordering each cell's attempts.
          sql<boolean>`bool_or(s.completed_at is not null) and coalesce(max(s.score) filter (where s.completed_at is not null and not s.late) < max(s.score) filter (where s.completed_at is not null), max(s.score) filter (where s.completed_at is not null and not s.late) is null)`.as(
            'late',
          ),
          sql<number>`coalesce(sum(s.time_spent_seconds), 0)::int`.as('timeSpent'),
        ])
        .where('a.class_id', '=', classId)
        .groupBy(['s.user_id', 's.assignment_id'])
        .execute();
      return rows.map((row) => ({
        ...row,
        best: row.best === null ? null : Number(row.best),
        attempts: Number(row.attempts),
        timeSpent: Number(row.timeSpent),
      }));
    },

    /** The class's finished live rooms, in the order they ended. */
    async liveColumns(classId: string): Promise<LiveColumnRow[]> {
      const rows = await db
        .selectFrom('live_rooms')
        .select([
          'id',
          'bank_title as bankTitle',
          'finished_at as finishedAt',
          'position as asked',
          'settings',
        ])
        .where('class_id', '=', classId)
        .where('state', '=', 'finished')
        .orderBy('finished_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, finishedAt: iso(row.finishedAt!) }));
    },

    /**
     * What the class's current learners did in its finished rooms, one grouped statement: each
     * one's score (their best player, should the host have let one in twice) and answers. Removed
     * players count for nobody, as in the room's own results.
     */
    async livePlays(classId: string, userId?: string): Promise<LivePlayRow[]> {
      let query = db
        .selectFrom('live_players as p')
        .innerJoin('live_rooms as r', 'r.id', 'p.room_id')
        .innerJoin('class_members as m', (join) =>
          join.onRef('m.user_id', '=', 'p.user_id').onRef('m.class_id', '=', 'r.class_id'),
        )
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('live_answers')
              .select([
                'player_id',
                sql<number>`count(*)::int`.as('answered'),
                sql<number>`coalesce(sum(elapsed_ms), 0)::bigint`.as('elapsed'),
              ])
              .where('room_id', 'in', (sub) =>
                sub
                  .selectFrom('live_rooms')
                  .select('id')
                  .where('class_id', '=', classId)
                  .where('state', '=', 'finished'),
              )
              .groupBy('player_id')
              .as('a'),
          (join) => join.onRef('a.player_id', '=', 'p.id'),
        )
        .select([
          'm.user_id as userId',
          'p.room_id as roomId',
          sql<number>`max(p.score)::int`.as('score'),
          sql<number>`coalesce(sum(a.answered), 0)::int`.as('answered'),
          sql<number>`coalesce(sum(a.elapsed), 0)::bigint`.as('elapsedMs'),
          sql<string>`min(p.joined_at)`.as('joinedAt'),
        ])
        .where('r.class_id', '=', classId)
        .where('r.state', '=', 'finished')
        .where('p.kicked', '=', false);
      if (userId) query = query.where('m.user_id', '=', userId);
      const rows = await query.groupBy(['m.user_id', 'p.room_id']).execute();
      return rows.map((row) => ({
        ...row,
        score: Number(row.score),
        answered: Number(row.answered),
        elapsedMs: Number(row.elapsedMs),
        joinedAt: iso(row.joinedAt),
      }));
    },

    async history(classId: string, userId: string): Promise<LearnerHistory['attempts']> {
      const rows = await db
        .selectFrom('submissions as s')
        .innerJoin('assignments as a', 'a.id', 's.assignment_id')
        .select([
          'a.id as assignmentId',
          'a.title',
          'a.kind',
          'a.due_at as dueAt',
          's.attempt',
          's.started_at as startedAt',
          's.completed_at as completedAt',
          's.score',
          's.late',
          's.time_spent_seconds as timeSpentSeconds',
        ])
        .where('a.class_id', '=', classId)
        .where('s.user_id', '=', userId)
        .orderBy('s.started_at', 'desc')
        .execute();
      return rows.map((row) => ({
        ...row,
        dueAt: iso(row.dueAt),
        startedAt: iso(row.startedAt),
        completedAt: row.completedAt === null ? null : iso(row.completedAt),
        score: row.score === null ? null : Number(row.score),
      }));
    },
  };
}

export type GradebookRepository = ReturnType<typeof createGradebookRepository>;
