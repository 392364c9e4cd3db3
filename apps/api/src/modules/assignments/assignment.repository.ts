import type {
  Assignment,
  AssignmentKind,
  LearnerPassage,
  QuestionContent,
  ReviewPolicy,
} from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb } from '../../db/json';
import type { ApiDb } from '../../db/tables';

const iso = (value: string | Date) => new Date(value).toISOString();

/** A pinned question as an assignment keeps it. */
export interface AssignedQuestion {
  questionId: string;
  version: number;
  content: QuestionContent;
  passage: LearnerPassage | null;
}

export interface NewAssignment {
  classId: string;
  kind: AssignmentKind;
  title: string;
  clientId: string;
  bankId: string;
  bankTitle: string;
  blueprintId: string | null;
  blueprintTitle: string | null;
  passMark: number | null;
  reviewPolicy: ReviewPolicy | null;
  timeLimitSeconds: number | null;
  opensAt: string;
  dueAt: string;
  attemptsAllowed: number;
  latePolicy: 'accept' | 'refuse' | 'penalty';
  latePenaltyPercent: number;
  createdBy: string;
}

/** An assignment with what starting an attempt needs. */
export interface AssignmentRow {
  id: string;
  classId: string;
  kind: AssignmentKind;
  title: string;
  clientId: string;
  bankId: string;
  bankTitle: string;
  blueprintId: string | null;
  blueprintTitle: string | null;
  passMark: number | null;
  reviewPolicy: ReviewPolicy | null;
  timeLimitSeconds: number | null;
  questionCount: number;
  opensAt: string;
  dueAt: string;
  attemptsAllowed: number;
  latePolicy: 'accept' | 'refuse' | 'penalty';
  latePenaltyPercent: number;
  createdAt: string;
}

const columns = [
  'a.id',
  'a.class_id as classId',
  'a.kind',
  'a.title',
  'a.client_id as clientId',
  'a.bank_id as bankId',
  'a.bank_title as bankTitle',
  'a.blueprint_id as blueprintId',
  'a.blueprint_title as blueprintTitle',
  'a.pass_mark as passMark',
  'a.review_policy as reviewPolicy',
  'a.time_limit_seconds as timeLimitSeconds',
  'a.question_count as questionCount',
  'a.opens_at as opensAt',
  'a.due_at as dueAt',
  'a.attempts_allowed as attemptsAllowed',
  'a.late_policy as latePolicy',
  'a.late_penalty_percent as latePenaltyPercent',
  'a.created_at as createdAt',
] as const;

const toRow = <T extends { opensAt: string; dueAt: string; createdAt: string }>(row: T): T => ({
  ...row,
  opensAt: iso(row.opensAt),
  dueAt: iso(row.dueAt),
  createdAt: iso(row.createdAt),
});

/** What a learner and a teacher both see of an assignment. */
export const assignmentView = (row: AssignmentRow): Omit<Assignment, 'completedCount'> => ({
  id: row.id,
  classId: row.classId,
  kind: row.kind,
  title: row.title,
  bankId: row.bankId,
  bankTitle: row.bankTitle,
  blueprintId: row.blueprintId,
  questionCount: row.questionCount,
  timeLimitSeconds: row.timeLimitSeconds,
  opensAt: row.opensAt,
  dueAt: row.dueAt,
  attemptsAllowed: row.attemptsAllowed,
  latePolicy: row.latePolicy,
  latePenaltyPercent: row.latePenaltyPercent,
  createdAt: row.createdAt,
});

export function createAssignmentRepository(db: ApiDb) {
  return {
    async create(values: NewAssignment, questions: readonly AssignedQuestion[]): Promise<string> {
      const { id } = await db
        .insertInto('assignments')
        .values({
          class_id: values.classId,
          kind: values.kind,
          title: values.title,
          client_id: values.clientId,
          bank_id: values.bankId,
          bank_title: values.bankTitle,
          blueprint_id: values.blueprintId,
          blueprint_title: values.blueprintTitle,
          pass_mark: values.passMark,
          review_policy: values.reviewPolicy,
          time_limit_seconds: values.timeLimitSeconds,
          question_count: questions.length,
          opens_at: values.opensAt,
          due_at: values.dueAt,
          attempts_allowed: values.attemptsAllowed,
          late_policy: values.latePolicy,
          late_penalty_percent: values.latePenaltyPercent,
          created_by: values.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('assignment_questions')
        .values(
          questions.map((question, index) => ({
            assignment_id: id,
            position: index + 1,
            question_id: question.questionId,
            version: question.version,
            content: jsonb(question.content),
            passage: question.passage ? jsonb(question.passage) : null,
          })),
        )
        .execute();
      return id;
    },

    async find(assignmentId: string): Promise<AssignmentRow | undefined> {
      const row = await db
        .selectFrom('assignments as a')
        .select(columns)
        .where('a.id', '=', assignmentId)
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** The assignment, only if it belongs to the class: another class's id reads as missing. */
    async findInClass(classId: string, assignmentId: string) {
      const row = await db
        .selectFrom('assignments as a')
        .select(columns)
        .where('a.id', '=', assignmentId)
        .where('a.class_id', '=', classId)
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** A class's assignments, due soonest first, each with how many learners completed it. */
    async listForClass(classId: string): Promise<Assignment[]> {
      const rows = await db
        .selectFrom('assignments as a')
        .select(columns)
        .select((eb) =>
          eb
            .selectFrom('submissions as s')
            .innerJoin('class_members as m', (join) =>
              join.onRef('m.user_id', '=', 's.user_id').on('m.class_id', '=', classId),
            )
            .select(sql<number>`count(distinct s.user_id)::int`.as('n'))
            .whereRef('s.assignment_id', '=', 'a.id')
            .where('s.completed_at', 'is not', null)
            .as('completedCount'),
        )
        .where('a.class_id', '=', classId)
        .orderBy('a.due_at')
        .orderBy('a.id')
        .execute();
      return rows.map((row) => ({
        ...assignmentView(toRow(row)),
        completedCount: Number(row.completedCount ?? 0),
      }));
    },

    /** The learners of a class, for the notice that an assignment was given. */
    /**
     * The class's assignments a learner can still start (before they are due, or after when late
     * work is taken) that they have not been told of: a learner who left and came back is not
     * told twice.
     */
    untold: (classId: string, userId: string, at: Date) =>
      db
        .selectFrom('assignments as a')
        .innerJoin('classes as c', 'c.id', 'a.class_id')
        .select(['a.id', 'a.title', 'a.due_at as dueAt', 'c.name as className'])
        .where('a.class_id', '=', classId)
        .where((eb) =>
          eb.or([eb('a.due_at', '>', at.toISOString()), eb('a.late_policy', '!=', 'refuse')]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notifications as n')
                .select('n.id')
                .where('n.user_id', '=', userId)
                .where('n.kind', '=', 'assignment_given')
                .where(sql<boolean>`n.subject->>'assignmentId' = a.id::text`),
            ),
          ),
        )
        .orderBy('a.due_at')
        .execute(),

    async learnersOf(classId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('class_members')
        .select('user_id')
        .where('class_id', '=', classId)
        .execute();
      return rows.map((row) => row.user_id);
    },

    async pinned(assignmentId: string): Promise<AssignedQuestion[]> {
      return db
        .selectFrom('assignment_questions')
        .select(['question_id as questionId', 'version', 'content', 'passage'])
        .where('assignment_id', '=', assignmentId)
        .orderBy('position')
        .execute();
    },

    /**
     * Holds the learner's place in the class until the unit of work ends, so two clicks on
     * "Start" cannot both open an attempt; false when they are not in the class.
     */
    async lockMembership(classId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('class_members')
        .select('user_id')
        .where('class_id', '=', classId)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async attemptsOf(assignmentId: string, userId: string) {
      return db
        .selectFrom('submissions')
        .select([
          'attempt',
          'practice_session_id as practiceSessionId',
          'exam_attempt_id as examAttemptId',
          'completed_at as completedAt',
        ])
        .where('assignment_id', '=', assignmentId)
        .where('user_id', '=', userId)
        .orderBy('attempt')
        .execute();
    },

    /**
     * Every assignment of every class the learner is in, with their own standing: attempts, the
     * best completed score and the attempt still open. One statement, whatever the number.
     */
    async forLearner(userId: string) {
      const rows = await db
        .selectFrom('class_members as m')
        .innerJoin('classes as c', 'c.id', 'm.class_id')
        .innerJoin('assignments as a', 'a.class_id', 'c.id')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('submissions as s')
              .select([
                sql<number>`count(*)::int`.as('attemptsUsed'),
                sql<number | null>`max(s.score)`.as('bestScore'),
                sql<string | null>`max(s.completed_at)`.as('completedAt'),
                // The best completed attempt's late mark: late only if no timely one scored as much.
                sql<boolean>`bool_or(s.completed_at is not null) and coalesce(max(s.score) filter (where s.completed_at is not null and not s.late) < max(s.score) filter (where s.completed_at is not null), max(s.score) filter (where s.completed_at is not null and not s.late) is null)`.as(
                  'late',
                ),
                sql<
                  string | null
                >`(array_agg(s.practice_session_id::text order by s.attempt desc) filter (where s.completed_at is null))[1]`.as(
                  'openPractice',
                ),
                sql<
                  string | null
                >`(array_agg(s.exam_attempt_id::text order by s.attempt desc) filter (where s.completed_at is null))[1]`.as(
                  'openExam',
                ),
              ])
              .whereRef('s.assignment_id', '=', 'a.id')
              .where('s.user_id', '=', userId)
              .as('mine'),
          (join) => join.onTrue(),
        )
        .select(columns)
        .select([
          'c.name as className',
          'mine.attemptsUsed',
          'mine.bestScore',
          'mine.completedAt',
          'mine.late',
          'mine.openPractice',
          'mine.openExam',
        ])
        .where('m.user_id', '=', userId)
        .orderBy('a.due_at')
        .orderBy('a.id')
        .execute();
      return rows.map((row) => ({
        assignment: toRow(row) as AssignmentRow,
        className: row.className,
        attemptsUsed: Number(row.attemptsUsed ?? 0),
        bestScore: row.bestScore === null ? null : Number(row.bestScore),
        completedAt: row.completedAt === null ? null : iso(row.completedAt),
        late: row.late === true,
        current:
          row.openPractice !== null || row.openExam !== null
            ? { practiceSessionId: row.openPractice, examAttemptId: row.openExam }
            : null,
      }));
    },
  };
}

export type AssignmentRepository = ReturnType<typeof createAssignmentRepository>;
