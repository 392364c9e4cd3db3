import type { AnswerInput } from '@questa/contracts';
import { sql } from '@questa/db';
import { table } from '../../db/json';
import type { ApiDb } from '../../db/tables';

/**
 * Every graded answer the class's current learners gave to an assignment's questions, from its
 * practice sessions (with the seconds since the previous answer) and its closed exams, in one
 * statement.
 */
export function createAnalysisRepository(db: ApiDb) {
  return {
    async questions(assignmentId: string) {
      return db
        .selectFrom('assignment_questions')
        .select(['position', 'question_id as questionId', 'version', 'content'])
        .where('assignment_id', '=', assignmentId)
        .orderBy('position')
        .execute();
    },

    async answers(assignmentId: string, classId: string) {
      const { rows } = await sql<{
        questionId: string;
        score: number | null;
        answer: AnswerInput;
        seconds: number | null;
      }>`
        select x.question_id as "questionId", x.score, x.answer, x.seconds
        from (
          select i.question_id, (i.result->>'score')::real as score, i.answer,
            -- A challenge's question was timed from when it was served.
            coalesce(i.elapsed_ms / 1000.0, extract(epoch from i.answered_at - coalesce(
              lag(i.answered_at) over (partition by i.session_id order by i.position),
              s.started_at)))::real as seconds
          from ${table('practice_items')} i
          join ${table('submissions')} s on s.practice_session_id = i.session_id
          join ${table('class_members')} m on m.user_id = s.user_id and m.class_id = ${classId}
          where s.assignment_id = ${assignmentId} and i.result is not null
          union all
          select q.question_id, r.score, r.answer, null
          from ${table('exam_questions')} q
          join ${table('submissions')} s on s.exam_attempt_id = q.attempt_id
          join ${table('class_members')} m on m.user_id = s.user_id and m.class_id = ${classId}
          join ${table('exam_attempts')} e on e.id = q.attempt_id and e.state <> 'in_progress'
          join ${table('exam_responses')} r on r.attempt_id = q.attempt_id and r.position = q.position
          where s.assignment_id = ${assignmentId} and r.grading <> 'awaiting'
        ) x`.execute(db);
      return rows;
    },
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
