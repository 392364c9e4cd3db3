import { sql } from '@questa/db';
import { table } from '../../db/json';
import type { ApiDb } from '../../db/tables';

/**
 * The score kept with a submission: the share of the marks, less the late penalty when it was
 * handed in after the due time under a `penalty` policy. Written in SQL once, for both kinds.
 */
const penalised = (fraction: string, late: string) =>
  sql.raw(
    `${fraction} * (case when ${late} and a.late_policy = 'penalty' then 1 - a.late_penalty_percent / 100.0 else 1 end)`,
  );

export function createSubmissionRepository(db: ApiDb) {
  return {
    async create(values: {
      assignmentId: string;
      userId: string;
      attempt: number;
      practiceSessionId?: string;
      examAttemptId?: string;
    }): Promise<void> {
      await db
        .insertInto('submissions')
        .values({
          assignment_id: values.assignmentId,
          user_id: values.userId,
          attempt: values.attempt,
          practice_session_id: values.practiceSessionId ?? null,
          exam_attempt_id: values.examAttemptId ?? null,
        })
        .execute();
    },

    /**
     * Brings a practice submission up to date with its session, in one statement: completed once
     * every pinned question is answered or the learner finished; its score counts unanswered
     * questions as nothing. A session no assignment gave matches no row and costs nothing more.
     */
    async syncPractice(sessionId: string): Promise<void> {
      await sql`
        update ${table('submissions')} s set
          points = agg.score_sum,
          max_points = a.question_count,
          fraction = agg.score_sum / a.question_count,
          completed_at = case
            when s.completed_at is not null then s.completed_at
            when agg.answered >= a.question_count or ps.finished_at is not null then now()
          end,
          late = coalesce(s.completed_at, now()) > a.due_at
            and (agg.answered >= a.question_count or ps.finished_at is not null),
          score = ${penalised(
            'agg.score_sum / a.question_count',
            '(coalesce(s.completed_at, now()) > a.due_at)',
          )},
          time_spent_seconds = extract(epoch from (coalesce(agg.last_answer, s.started_at) - s.started_at))::int
        from ${table('assignments')} a,
          ${table('practice_sessions')} ps,
          (
            select
              count(*) filter (where i.result is not null)::int as answered,
              coalesce(sum((i.result->>'score')::real) filter (where i.result is not null), 0) as score_sum,
              max(i.answered_at) as last_answer
            from ${table('practice_items')} i
            where i.session_id = ${sessionId}
          ) agg
        where s.practice_session_id = ${sessionId}
          and a.id = s.assignment_id
          and ps.id = s.practice_session_id`.execute(db);
    },

    /** Copies a closed exam attempt's result to its submission, if an assignment gave it. */
    async syncExam(attemptId: string): Promise<void> {
      await sql`
        update ${table('submissions')} s set
          points = e.points,
          max_points = e.max_points,
          fraction = e.fraction,
          completed_at = e.submitted_at,
          late = e.submitted_at > a.due_at,
          score = ${penalised('e.fraction', '(e.submitted_at > a.due_at)')},
          time_spent_seconds = extract(epoch from (e.submitted_at - e.started_at))::int
        from ${table('exam_attempts')} e, ${table('assignments')} a
        where s.exam_attempt_id = ${attemptId}
          and e.id = s.exam_attempt_id
          and a.id = s.assignment_id
          and e.state <> 'in_progress'`.execute(db);
    },
  };
}

export type SubmissionRepository = ReturnType<typeof createSubmissionRepository>;
