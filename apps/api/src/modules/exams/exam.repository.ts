import type {
  AnswerInput,
  ExamState,
  LearnerPassage,
  LearnerQuestion,
  QuestionContent,
  ReviewPolicy,
} from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb, table } from '../../db/json';
import type { ApiDb } from '../../db/tables';

export interface AttemptRow {
  id: string;
  userId: string;
  clientId: string;
  bankId: string;
  bankTitle: string;
  blueprintTitle: string;
  /** Null for attempts from before blueprints were recorded. */
  blueprintId: string | null;
  passMark: number;
  reviewPolicy: ReviewPolicy;
  extraTimePercent: number;
  state: ExamState;
  startedAt: string;
  deadline: string;
  submittedAt: string | null;
  submittedBy: 'learner' | 'server' | null;
  points: number | null;
  maxPoints: number | null;
  fraction: number | null;
  passed: boolean | null;
  /** Essays awaiting a grader, and the points they are worth. */
  pendingCount: number;
  pendingPoints: number;
  questionCount: number;
  /** The database's clock when the row was read: the server's clock rules. */
  serverNow: string;
}

export interface PinnedQuestion {
  position: number;
  questionId: string;
  version: number;
  content: QuestionContent;
  presented: LearnerQuestion;
  passage: LearnerPassage | null;
}

export interface ResponseRow {
  position: number;
  answer: AnswerInput;
  savedAt: string;
  correct: boolean | null;
  score: number | null;
  points: number | null;
  /** `awaiting` and `graded` for essays after submission; `auto` for everything else. */
  grading: 'auto' | 'awaiting' | 'graded';
  graderComment: string | null;
}

const iso = (value: string) => new Date(value).toISOString();
const isoOrNull = (value: string | null) => (value === null ? null : iso(value));

const attemptColumns = [
  'a.id',
  'a.user_id as userId',
  'a.client_id as clientId',
  'a.bank_id as bankId',
  'a.bank_title as bankTitle',
  'a.blueprint_title as blueprintTitle',
  'a.blueprint_id as blueprintId',
  'a.pass_mark as passMark',
  'a.review_policy as reviewPolicy',
  'a.extra_time_percent as extraTimePercent',
  'a.state',
  'a.started_at as startedAt',
  'a.deadline',
  'a.submitted_at as submittedAt',
  'a.submitted_by as submittedBy',
  'a.points',
  'a.max_points as maxPoints',
  'a.fraction',
  'a.passed',
  'a.pending_count as pendingCount',
  'a.pending_points as pendingPoints',
  sql<number>`(select count(*)::int from ${table('exam_questions')} q where q.attempt_id = a.id)`.as(
    'questionCount',
  ),
  sql<string>`now()`.as('serverNow'),
] as const;

const toAttempt = (row: AttemptRow): AttemptRow => ({
  ...row,
  startedAt: iso(row.startedAt),
  deadline: iso(row.deadline),
  submittedAt: isoOrNull(row.submittedAt),
  serverNow: iso(row.serverNow),
});

export function createExamRepository(db: ApiDb) {
  return {
    /** Opens an attempt with its questions pinned; the deadline is set by the database clock. */
    async create(
      values: {
        userId: string;
        clientId: string;
        bankId: string;
        bankTitle: string;
        blueprintTitle: string;
        blueprintId: string;
        passMark: number;
        reviewPolicy: ReviewPolicy;
        extraTimePercent: number;
        seconds: number;
      },
      questions: readonly Omit<PinnedQuestion, 'position'>[],
    ): Promise<string> {
      const { id } = await db
        .insertInto('exam_attempts')
        .values({
          user_id: values.userId,
          client_id: values.clientId,
          bank_id: values.bankId,
          bank_title: values.bankTitle,
          blueprint_title: values.blueprintTitle,
          blueprint_id: values.blueprintId,
          pass_mark: values.passMark,
          review_policy: values.reviewPolicy,
          extra_time_percent: values.extraTimePercent,
          deadline: sql<string>`now() + make_interval(secs => ${values.seconds})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('exam_questions')
        .values(
          questions.map((question, index) => ({
            attempt_id: id,
            position: index + 1,
            question_id: question.questionId,
            version: question.version,
            content: jsonb(question.content),
            presented: jsonb(question.presented),
            passage: question.passage ? jsonb(question.passage) : null,
          })),
        )
        .execute();
      return id;
    },

    /** The learner's own attempt; undefined for anyone else's, so others cannot probe ids. */
    async find(id: string, userId: string): Promise<AttemptRow | undefined> {
      const row = await db
        .selectFrom('exam_attempts as a')
        .select(attemptColumns)
        .where('a.id', '=', id)
        .where('a.user_id', '=', userId)
        .executeTakeFirst();
      return row && toAttempt(row);
    },

    async list(userId: string, limit: number): Promise<AttemptRow[]> {
      const rows = await db
        .selectFrom('exam_attempts as a')
        .select(attemptColumns)
        .where('a.user_id', '=', userId)
        .orderBy('a.started_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toAttempt);
    },

    questions: (attemptId: string): Promise<PinnedQuestion[]> =>
      db
        .selectFrom('exam_questions')
        .select([
          'position',
          'question_id as questionId',
          'version',
          'content',
          'presented',
          'passage',
        ])
        .where('attempt_id', '=', attemptId)
        .orderBy('position')
        .execute(),

    async responses(attemptId: string): Promise<ResponseRow[]> {
      const rows = await db
        .selectFrom('exam_responses')
        .select([
          'position',
          'answer',
          'saved_at as savedAt',
          'correct',
          'score',
          'points',
          'grading',
          'grader_comment as graderComment',
        ])
        .where('attempt_id', '=', attemptId)
        .orderBy('position')
        .execute();
      return rows.map((row) => ({ ...row, savedAt: iso(row.savedAt) }));
    },

    /** Who owns an attempt, and its pinned content: never changes, so callers may keep it. */
    async pinned(attemptId: string) {
      const owner = await db
        .selectFrom('exam_attempts')
        .select('user_id')
        .where('id', '=', attemptId)
        .executeTakeFirst();
      if (!owner) return undefined;
      const questions = await this.questions(attemptId);
      return {
        userId: owner.user_id,
        contents: new Map(questions.map((question) => [question.position, question.content])),
        presented: new Map(questions.map((question) => [question.position, question.presented])),
      };
    },

    /**
     * Saves answers, each only while its attempt is open (deadline plus grace, by the database's
     * clock) and only for the attempt's own learner, in one statement and one commit. Attempt rows
     * are share-locked for the insert, so a submission, which locks its attempt for update, either
     * waits for these answers to commit and grades them, or has already closed the attempt and
     * they insert nothing. Returns when each saved answer was saved, by `attemptId:position`;
     * those missing were refused. Keys must be unique within a call.
     */
    async saveResponses(
      saves: readonly {
        attemptId: string;
        userId: string;
        position: number;
        answer: AnswerInput;
      }[],
      graceSeconds: number,
    ): Promise<Map<string, string>> {
      const result = await sql<{ attempt_id: string; position: number; saved_at: string }>`
        insert into ${table('exam_responses')} (attempt_id, position, answer, saved_at)
        select a.id, v.position, v.answer, now()
        from unnest(
          ${sql.val(saves.map((save) => save.attemptId))}::uuid[],
          ${sql.val(saves.map((save) => save.userId))}::uuid[],
          ${sql.val(saves.map((save) => save.position))}::integer[],
          ${sql.val(saves.map((save) => JSON.stringify(save.answer)))}::jsonb[]
        ) as v (attempt_id, user_id, position, answer)
        join ${table('exam_attempts')} a on a.id = v.attempt_id and a.user_id = v.user_id
        where a.state = 'in_progress'
          and now() <= a.deadline + make_interval(secs => ${graceSeconds})
        for key share of a
        on conflict (attempt_id, position)
          do update set answer = excluded.answer, saved_at = excluded.saved_at
        returning attempt_id, position, saved_at`.execute(db);
      return new Map(
        result.rows.map((row) => [`${row.attempt_id}:${row.position}`, iso(row.saved_at)]),
      );
    },

    /** Locks one attempt for grading; undefined when it is not this learner's. */
    async lockOwn(id: string, userId: string, graceSeconds: number) {
      return db
        .selectFrom('exam_attempts')
        .select(['id', 'state', 'pass_mark as passMark'])
        .select(
          sql<boolean>`now() > deadline + make_interval(secs => ${graceSeconds})`.as('overdue'),
        )
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * Open attempts whose deadline plus grace has passed, locked. SKIP LOCKED lets several API
     * processes sweep at once: each takes different attempts, and one being graded elsewhere is
     * left alone; the state check under the lock makes a second grading impossible.
     */
    lockOverdue(graceSeconds: number, limit: number) {
      return db
        .selectFrom('exam_attempts')
        .select(['id', 'user_id as userId', 'pass_mark as passMark'])
        .where('state', '=', 'in_progress')
        .where('deadline', '<', sql<string>`now() - make_interval(secs => ${graceSeconds})`)
        .orderBy('deadline')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
    },

    async gradeResponse(
      attemptId: string,
      position: number,
      graded:
        | { correct: boolean; score: number; points: number }
        | { correct: null; score: null; points: null; grading: 'awaiting' },
    ) {
      await db
        .updateTable('exam_responses')
        .set(graded)
        .where('attempt_id', '=', attemptId)
        .where('position', '=', position)
        .execute();
    },

    async close(
      attemptId: string,
      result: {
        state: 'submitted' | 'expired';
        by: 'learner' | 'server';
        points: number;
        maxPoints: number;
        fraction: number;
        passed: boolean;
        pendingCount: number;
        pendingPoints: number;
      },
    ): Promise<boolean> {
      const updated = await db
        .updateTable('exam_attempts')
        .set({
          state: result.state,
          submitted_by: result.by,
          submitted_at: sql<string>`now()`,
          points: result.points,
          max_points: result.maxPoints,
          fraction: result.fraction,
          passed: result.passed,
          pending_count: result.pendingCount,
          pending_points: result.pendingPoints,
        })
        .where('id', '=', attemptId)
        .where('state', '=', 'in_progress')
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },

    async clientOf(attemptId: string) {
      return db
        .selectFrom('exam_attempts')
        .select(['client_id as clientId', 'bank_id as bankId', 'bank_title as bankTitle'])
        .where('id', '=', attemptId)
        .executeTakeFirstOrThrow();
    },
  };
}

export type ExamRepository = ReturnType<typeof createExamRepository>;
