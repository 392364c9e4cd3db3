import type {
  AnswerInput,
  GradedAnswer,
  LearnerQuestion,
  QuestionContent,
} from '@questa/contracts';
import { sql } from '@questa/db';
import type { ReviewCard } from '@questa/scoring';
import { jsonb, table } from '../../db/json';
import type { ApiDb } from '../../db/tables';

/**
 * What a regrade reads and writes: an assignment's pinned question replaced by its corrected
 * version, and every answer given to it in the assignment's practice sessions and exams.
 */
export function createRegradeRepository(db: ApiDb) {
  return {
    async pinnedVersion(assignmentId: string, questionId: string) {
      const row = await db
        .selectFrom('assignment_questions')
        .select('version')
        .where('assignment_id', '=', assignmentId)
        .where('question_id', '=', questionId)
        .executeTakeFirst();
      return row?.version;
    },

    async repin(
      assignmentId: string,
      questionId: string,
      version: number,
      content: QuestionContent,
    ) {
      await db
        .updateTable('assignment_questions')
        .set({ version, content: jsonb(content) })
        .where('assignment_id', '=', assignmentId)
        .where('question_id', '=', questionId)
        .execute();
    },

    /** Each learner's best completed score in the assignment, to tell what a regrade changed. */
    async bestScores(assignmentId: string) {
      const rows = await db
        .selectFrom('submissions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.user_id as userId',
          'u.display_name as displayName',
          sql<number | null>`max(s.score) filter (where s.completed_at is not null)`.as('score'),
        ])
        .where('s.assignment_id', '=', assignmentId)
        .groupBy(['s.user_id', 'u.display_name'])
        .execute();
      return rows.map((row) => ({ ...row, score: row.score === null ? null : Number(row.score) }));
    },

    async practiceAnswers(assignmentId: string, questionId: string) {
      return db
        .selectFrom('practice_items as i')
        .innerJoin('submissions as s', 's.practice_session_id', 'i.session_id')
        .select([
          'i.id',
          'i.session_id as sessionId',
          's.user_id as userId',
          'i.answer',
          'i.presented',
          'i.result',
        ])
        .where('s.assignment_id', '=', assignmentId)
        .where('i.question_id', '=', questionId)
        .execute() as Promise<
        {
          id: string;
          sessionId: string;
          userId: string;
          answer: AnswerInput | null;
          presented: LearnerQuestion;
          result: GradedAnswer | null;
        }[]
      >;
    },

    async repinPracticeItem(
      itemId: string,
      version: number,
      content: QuestionContent,
      result: GradedAnswer | null,
    ) {
      await db
        .updateTable('practice_items')
        .set({ version, content: jsonb(content), result: result === null ? null : jsonb(result) })
        .where('id', '=', itemId)
        .execute();
    },

    async examAnswers(assignmentId: string, questionId: string) {
      return db
        .selectFrom('exam_questions as q')
        .innerJoin('submissions as s', 's.exam_attempt_id', 'q.attempt_id')
        .innerJoin('exam_attempts as e', 'e.id', 'q.attempt_id')
        .leftJoin('exam_responses as r', (join) =>
          join.onRef('r.attempt_id', '=', 'q.attempt_id').onRef('r.position', '=', 'q.position'),
        )
        .select([
          'q.attempt_id as attemptId',
          'e.user_id as userId',
          'q.position',
          'q.presented',
          'r.answer',
          'r.grading',
          'e.state',
        ])
        .where('s.assignment_id', '=', assignmentId)
        .where('q.question_id', '=', questionId)
        .execute();
    },

    async repinExamQuestion(
      attemptId: string,
      position: number,
      version: number,
      content: QuestionContent,
      graded: { correct: boolean; score: number; points: number } | undefined,
    ) {
      await db
        .updateTable('exam_questions')
        .set({ version, content: jsonb(content) })
        .where('attempt_id', '=', attemptId)
        .where('position', '=', position)
        .execute();
      if (graded) {
        await db
          .updateTable('exam_responses')
          .set(graded)
          .where('attempt_id', '=', attemptId)
          .where('position', '=', position)
          .execute();
      }
    },

    /** Corrects what progress counted for a practice answer. */
    async correctPracticeEvent(itemId: string, outcome: { correct: boolean; score: number }) {
      await db
        .updateTable('answer_events')
        .set({ correct: outcome.correct, score: outcome.score })
        .where('practice_item_id', '=', itemId)
        .execute();
    },

    /** Corrects what progress counted for an exam answer (recorded once per attempt). */
    async correctExamEvent(
      attemptId: string,
      questionId: string,
      outcome: { correct: boolean; score: number },
    ) {
      await db
        .updateTable('answer_events')
        .set({ correct: outcome.correct, score: outcome.score })
        .where('attempt_id', '=', attemptId)
        .where('question_id', '=', questionId)
        .execute();
    },

    /** Every answer the learner gave the question, anywhere, in the order given. */
    answerHistory: (userId: string, questionId: string) =>
      db
        .selectFrom('answer_events')
        .select(['correct', 'answered_at as answeredAt'])
        .where('user_id', '=', userId)
        .where('question_id', '=', questionId)
        .orderBy('answered_at')
        .orderBy('id')
        .execute(),

    /** The learner's card for the question, locked so a review at the same time waits. */
    lockCard: (userId: string, questionId: string) =>
      db
        .selectFrom('review_cards')
        .select('created_at as createdAt')
        .where('user_id', '=', userId)
        .where('question_id', '=', questionId)
        .forUpdate()
        .executeTakeFirst(),

    /**
     * Stores a card replayed from corrected answers; a card still holding an older version of the
     * question takes the corrected one, so its next review is graded as the regrade was.
     */
    async saveReplayedCard(
      userId: string,
      questionId: string,
      card: ReviewCard,
      corrected: { version: number; content: QuestionContent },
    ) {
      await db
        .updateTable('review_cards')
        .set({
          fsrs: jsonb(card),
          state: card.state,
          due: card.due,
          version: sql<number>`greatest(version, ${corrected.version})`,
          content: sql`case when version < ${corrected.version} then ${jsonb(corrected.content)} else content end`,
          updated_at: sql<string>`now()`,
        })
        .where('user_id', '=', userId)
        .where('question_id', '=', questionId)
        .execute();
    },

    /** Sums a closed attempt again from its graded responses and its questions' marks. */
    async retotalExam(attemptId: string) {
      await sql`
        update ${table('exam_attempts')} e set
          points = t.points,
          max_points = t.max,
          fraction = case when t.max > 0 then t.points / t.max else 0 end,
          passed = (case when t.max > 0 then t.points / t.max else 0 end) + 1e-9 >= e.pass_mark
        from (
          select
            coalesce(sum(r.points) filter (where r.grading <> 'awaiting'), 0) as points,
            coalesce(sum((q.content->>'points')::real), 0) as max
          from ${table('exam_questions')} q
          left join ${table('exam_responses')} r
            on r.attempt_id = q.attempt_id and r.position = q.position
          where q.attempt_id = ${attemptId}
        ) t
        where e.id = ${attemptId} and e.state <> 'in_progress'`.execute(db);
    },
  };
}

export type RegradeRepository = ReturnType<typeof createRegradeRepository>;
