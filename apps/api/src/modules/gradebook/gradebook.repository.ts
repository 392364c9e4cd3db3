import type { LearnerHistory } from '@questa/contracts';
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
