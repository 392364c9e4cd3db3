import type {
  AnswerInput,
  GradedAnswer,
  LearnerPassage,
  LearnerQuestion,
  QuestionContent,
} from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb, table } from '../../db/json';
import type { ApiDb } from '../../db/tables';

const iso = (value: string | Date) => new Date(value).toISOString();

/** A challenge attempt: its practice session with the assignment that gave it. */
export interface ChallengeSessionRow {
  id: string;
  userId: string;
  assignmentId: string;
  classId: string;
  title: string;
  questionCount: number;
  limitMs: number;
  clientId: string;
  bankId: string;
  bankTitle: string;
  finishedAt: string | null;
}

/** One question of the attempt, with the time since it was served by the database's clock. */
export interface ChallengeItemRow {
  id: string;
  position: number;
  questionId: string;
  version: number;
  content: QuestionContent;
  presented: LearnerQuestion;
  passage: LearnerPassage | null;
  answer: AnswerInput | null;
  result: GradedAnswer | null;
  servedAt: string | null;
  /** Null until the question is closed: answered, or its timer ran out. */
  points: number | null;
  elapsedMs: number | null;
  /** Milliseconds since it was served, read now; null before it is served. */
  sinceServedMs: number | null;
}

/**
 * What the challenge routes read and write of a challenge's practice session. Times are the
 * database's (`clock_timestamp()`), so every API process scores by the same clock.
 */
export function createChallengeRepository(db: ApiDb) {
  const session = (lock: boolean) => {
    const query = db
      .selectFrom('practice_sessions as s')
      .innerJoin('assignments as a', 'a.id', 's.assignment_id')
      // Only a learner still in the class plays on.
      .innerJoin('class_members as m', (join) =>
        join.onRef('m.class_id', '=', 'a.class_id').onRef('m.user_id', '=', 's.user_id'),
      )
      .select([
        's.id',
        's.user_id as userId',
        'a.id as assignmentId',
        'a.class_id as classId',
        'a.title',
        'a.question_count as questionCount',
        sql<number>`s.question_limit_ms`.as('limitMs'),
        's.client_id as clientId',
        's.bank_id as bankId',
        's.bank_title as bankTitle',
        's.finished_at as finishedAt',
      ])
      .where('a.kind', '=', 'challenge')
      .where('s.question_limit_ms', 'is not', null);
    return lock ? query.forUpdate('s') : query;
  };

  return {
    /**
     * The learner's own attempt, undefined for anyone else's, for a session that is not a
     * challenge's, or once they left the class. `lock` holds it until the unit of work ends, so
     * a serve, an answer and a time-out of one attempt happen one after another.
     */
    async findSession(
      sessionId: string,
      userId: string,
      lock = false,
    ): Promise<ChallengeSessionRow | undefined> {
      const row = await session(lock)
        .where('s.id', '=', sessionId)
        .where('s.user_id', '=', userId)
        .executeTakeFirst();
      return row && { ...row, finishedAt: row.finishedAt === null ? null : iso(row.finishedAt) };
    },

    async items(sessionId: string): Promise<ChallengeItemRow[]> {
      const rows = await db
        .selectFrom('practice_items as i')
        .select([
          'i.id',
          'i.position',
          'i.question_id as questionId',
          'i.version',
          'i.content',
          'i.presented',
          'i.passage',
          'i.answer',
          'i.result',
          'i.served_at as servedAt',
          'i.points',
          'i.elapsed_ms as elapsedMs',
          sql<
            number | null
          >`(extract(epoch from (clock_timestamp() - i.served_at)) * 1000)::int`.as(
            'sinceServedMs',
          ),
        ])
        .where('i.session_id', '=', sessionId)
        .orderBy('i.position')
        .execute();
      return rows.map((row) => ({
        ...row,
        servedAt: row.servedAt === null ? null : iso(row.servedAt),
        sinceServedMs: row.sinceServedMs === null ? null : Number(row.sinceServedMs),
      }));
    },

    /** Starts the timer of the attempt's question not yet served, if there is one. */
    async serve(sessionId: string) {
      await db
        .updateTable('practice_items')
        .set({ served_at: sql<string>`clock_timestamp()` })
        .where('session_id', '=', sessionId)
        .where('served_at', 'is', null)
        .execute();
    },

    async saveAnswer(
      itemId: string,
      values: { answer: AnswerInput; result: GradedAnswer; points: number; elapsedMs: number },
    ) {
      await db
        .updateTable('practice_items')
        .set({
          answer: jsonb(values.answer),
          result: jsonb(values.result),
          points: values.points,
          elapsed_ms: values.elapsedMs,
          answered_at: sql<string>`clock_timestamp()`,
        })
        .where('id', '=', itemId)
        .execute();
    },

    /** Closes a question whose timer ran out: nothing answered, nothing earned. */
    async timeOut(itemId: string) {
      await db
        .updateTable('practice_items')
        .set({ points: 0 })
        .where('id', '=', itemId)
        .where('points', 'is', null)
        .execute();
    },

    /** What the gradebook keeps of the attempt: its submission's score, once completed. */
    async submission(sessionId: string) {
      const row = await db
        .selectFrom('submissions')
        .select(['score', 'late', 'completed_at as completedAt'])
        .where('practice_session_id', '=', sessionId)
        .executeTakeFirst();
      return (
        row && {
          score: row.score === null ? null : Number(row.score),
          late: row.late,
          completedAt: row.completedAt === null ? null : iso(row.completedAt),
        }
      );
    },

    /**
     * The attempt's place among the completed attempts of the class's current learners, by live
     * points (ties share a place), and how many there are, in one statement.
     */
    async standing(assignmentId: string, classId: string, sessionId: string) {
      const { rows } = await sql<{ finished: number; rank: number }>`
        with finished as (
          select s.practice_session_id as id,
            coalesce((select sum(i.points) from ${table('practice_items')} i
              where i.session_id = s.practice_session_id), 0) as points
          from ${table('submissions')} s
          join ${table('class_members')} m on m.user_id = s.user_id and m.class_id = ${classId}
          where s.assignment_id = ${assignmentId} and s.completed_at is not null
            and s.practice_session_id is not null
        )
        select count(*)::int as finished,
          (count(*) filter (where points > (select points from finished where id = ${sessionId})) + 1)::int as rank
        from finished`.execute(db);
      const row = rows[0]!;
      return { finished: Number(row.finished), rank: Number(row.rank) };
    },
  };
}

export type ChallengeRepository = ReturnType<typeof createChallengeRepository>;
