import type { AnswerInput, QuestionContent } from '@questa/contracts';
import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

export interface GradingRow {
  attemptId: string;
  position: number;
  userId: string;
  bankId: string;
  bankTitle: string;
  submittedAt: string;
  questionId: string;
  version: number;
  content: QuestionContent;
  answer: AnswerInput;
  grading: 'auto' | 'awaiting' | 'graded';
  points: number | null;
  comment: string | null;
  gradedAt: string | null;
  gradeVersion: number;
}

const iso = (value: string) => new Date(value).toISOString();

/**
 * Essay answers of submitted exams, always read within one tenant: every query is bound to the
 * attempt's `client_id`, so one tenant's graders can never reach another's answers.
 */
export function createGradingRepository(db: ApiDb) {
  const base = (clientId: string) =>
    db
      .selectFrom('exam_responses as r')
      .innerJoin('exam_attempts as a', 'a.id', 'r.attempt_id')
      .innerJoin('exam_questions as q', (join) =>
        join.onRef('q.attempt_id', '=', 'r.attempt_id').onRef('q.position', '=', 'r.position'),
      )
      .select([
        'r.attempt_id as attemptId',
        'r.position',
        'a.user_id as userId',
        'a.bank_id as bankId',
        'a.bank_title as bankTitle',
        'a.submitted_at as submittedAt',
        'q.question_id as questionId',
        'q.version',
        'q.content',
        'r.answer',
        'r.grading',
        'r.points',
        'r.grader_comment as comment',
        'r.graded_at as gradedAt',
        'r.grade_version as gradeVersion',
      ])
      .where('a.client_id', '=', clientId)
      .where('a.state', '<>', 'in_progress');

  const toRow = (row: Omit<GradingRow, 'submittedAt'> & { submittedAt: string | null }) => ({
    ...row,
    submittedAt: iso(row.submittedAt ?? new Date(0).toISOString()),
    gradedAt: row.gradedAt === null ? null : iso(row.gradedAt),
  });

  return {
    /** Oldest submission first, so the longest-waiting learner is graded first. */
    async list(
      clientId: string,
      status: 'awaiting' | 'graded',
      limit: number,
    ): Promise<GradingRow[]> {
      const rows = await base(clientId)
        .where('r.grading', '=', status)
        .orderBy(
          status === 'awaiting' ? 'a.submitted_at' : 'r.graded_at',
          status === 'awaiting' ? 'asc' : 'desc',
        )
        .orderBy('r.position')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    async find(clientId: string, attemptId: string, position: number) {
      const row = await base(clientId)
        .where('r.attempt_id', '=', attemptId)
        .where('r.position', '=', position)
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** The attempt, locked, so gradings of its answers and its totals change one at a time. */
    lockAttempt(clientId: string, attemptId: string) {
      return db
        .selectFrom('exam_attempts')
        .select([
          'id',
          'user_id as userId',
          'client_id as clientId',
          'bank_id as bankId',
          'bank_title as bankTitle',
          'blueprint_title as examTitle',
          'pass_mark as passMark',
          'state',
        ])
        .where('id', '=', attemptId)
        .where('client_id', '=', clientId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Records a grade only if nobody graded the answer since `gradeVersion` was read. */
    async saveGrade(
      attemptId: string,
      position: number,
      grade: {
        correct: boolean;
        score: number;
        points: number;
        graderSub: string;
        comment: string | null;
        gradeVersion: number;
      },
    ): Promise<boolean> {
      const updated = await db
        .updateTable('exam_responses')
        .set({
          correct: grade.correct,
          score: grade.score,
          points: grade.points,
          grading: 'graded',
          grader_sub: grade.graderSub,
          grader_comment: grade.comment,
          graded_at: sql<string>`now()`,
          grade_version: grade.gradeVersion + 1,
        })
        .where('attempt_id', '=', attemptId)
        .where('position', '=', position)
        .where('grading', 'in', ['awaiting', 'graded'])
        .where('grade_version', '=', grade.gradeVersion)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },

    /** Every scored and pending answer of an attempt, to total it again after a grade. */
    responses: (attemptId: string) =>
      db
        .selectFrom('exam_questions as q')
        .leftJoin('exam_responses as r', (join) =>
          join.onRef('r.attempt_id', '=', 'q.attempt_id').onRef('r.position', '=', 'q.position'),
        )
        .select(['q.content', 'r.points', 'r.grading'])
        .where('q.attempt_id', '=', attemptId)
        .execute(),

    async saveTotals(
      attemptId: string,
      totals: {
        points: number;
        maxPoints: number;
        fraction: number;
        passed: boolean;
        pendingCount: number;
        pendingPoints: number;
      },
    ) {
      await db
        .updateTable('exam_attempts')
        .set({
          points: totals.points,
          max_points: totals.maxPoints,
          fraction: totals.fraction,
          passed: totals.passed,
          pending_count: totals.pendingCount,
          pending_points: totals.pendingPoints,
        })
        .where('id', '=', attemptId)
        .execute();
    },

    /** A regrade corrects the answer recorded for progress and item statistics. */
    async updateAnswerEvent(
      attemptId: string,
      questionId: string,
      result: { correct: boolean; score: number },
    ) {
      await db
        .updateTable('answer_events')
        .set(result)
        .where('attempt_id', '=', attemptId)
        .where('question_id', '=', questionId)
        .execute();
    },
  };
}

export type GradingRepository = ReturnType<typeof createGradingRepository>;
