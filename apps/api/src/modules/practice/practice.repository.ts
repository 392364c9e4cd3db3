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

export interface SessionRow {
  id: string;
  userId: string;
  clientId: string;
  bankId: string;
  bankTitle: string;
  topics: string[];
  difficulties: number[];
  exhausted: boolean;
  createdAt: string;
  finishedAt: string | null;
  /** The assignment that gave the session, whose pinned questions it draws in order. */
  assignmentId: string | null;
  answered: number;
  correct: number;
}

export interface ItemRow {
  id: string;
  sessionId: string;
  position: number;
  questionId: string;
  version: number;
  content: QuestionContent;
  presented: LearnerQuestion;
  passage: LearnerPassage | null;
  answer: AnswerInput | null;
  result: GradedAnswer | null;
  bookmarked: boolean;
}

const iso = (value: string) => new Date(value).toISOString();

export function createPracticeRepository(db: ApiDb) {
  const itemColumns = (userId: string) =>
    [
      'i.id',
      'i.session_id as sessionId',
      'i.position',
      'i.question_id as questionId',
      'i.version',
      'i.content',
      'i.presented',
      'i.passage',
      'i.answer',
      'i.result',
      sql<boolean>`exists (select 1 from ${table('bookmarks')} b where b.user_id = ${userId} and b.question_id = i.question_id)`.as(
        'bookmarked',
      ),
    ] as const;

  return {
    async createSession(values: {
      userId: string;
      clientId: string;
      bankId: string;
      bankTitle: string;
      topics: string[];
      difficulties: number[];
      assignmentId?: string;
      /** A challenge's timer per question. */
      questionLimitMs?: number;
    }): Promise<string> {
      const row = await db
        .insertInto('practice_sessions')
        .values({
          user_id: values.userId,
          client_id: values.clientId,
          bank_id: values.bankId,
          bank_title: values.bankTitle,
          topics: sql<string[]>`${sql.val(values.topics)}::text[]`,
          difficulties: sql<number[]>`${sql.val(values.difficulties)}::integer[]`,
          assignment_id: values.assignmentId ?? null,
          question_limit_ms: values.questionLimitMs ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The learner's own session, with its tally; undefined for anyone else's. */
    async findSession(id: string, userId: string): Promise<SessionRow | undefined> {
      const row = await db
        .selectFrom('practice_sessions as s')
        .select([
          's.id',
          's.user_id as userId',
          's.client_id as clientId',
          's.bank_id as bankId',
          's.bank_title as bankTitle',
          's.topics',
          's.difficulties',
          's.exhausted',
          's.created_at as createdAt',
          's.finished_at as finishedAt',
          's.assignment_id as assignmentId',
          sql<number>`(select count(*)::int from ${table('practice_items')} i where i.session_id = s.id and i.result is not null)`.as(
            'answered',
          ),
          sql<number>`(select count(*)::int from ${table('practice_items')} i where i.session_id = s.id and (i.result->>'correct')::boolean)`.as(
            'correct',
          ),
        ])
        .where('s.id', '=', id)
        .where('s.user_id', '=', userId)
        // A challenge's session is played through the challenge routes, which keep its timer.
        .where('s.question_limit_ms', 'is', null)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          createdAt: iso(row.createdAt),
          finishedAt: row.finishedAt === null ? null : iso(row.finishedAt),
        }
      );
    },

    async latestItem(sessionId: string, userId: string): Promise<ItemRow | undefined> {
      return db
        .selectFrom('practice_items as i')
        .select(itemColumns(userId))
        .where('i.session_id', '=', sessionId)
        .orderBy('i.position', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async findItem(sessionId: string, itemId: string, userId: string) {
      return db
        .selectFrom('practice_items as i')
        .innerJoin('practice_sessions as s', 's.id', 'i.session_id')
        .select(itemColumns(userId))
        .select(['s.client_id as clientId', 's.bank_id as bankId', 's.bank_title as bankTitle'])
        .where('i.id', '=', itemId)
        .where('i.session_id', '=', sessionId)
        .where('s.user_id', '=', userId)
        .where('s.question_limit_ms', 'is', null)
        .executeTakeFirst();
    },

    /**
     * The session's answered items in the order they were drawn, each with when its review card
     * falls due now (a later answer elsewhere may have moved it since).
     */
    async answeredItems(sessionId: string, userId: string) {
      const rows = await db
        .selectFrom('practice_items as i')
        .innerJoin('practice_sessions as s', 's.id', 'i.session_id')
        .leftJoin('review_cards as c', (join) =>
          join.onRef('c.question_id', '=', 'i.question_id').onRef('c.user_id', '=', 's.user_id'),
        )
        .select([
          'i.question_id as questionId',
          'i.content',
          'i.presented',
          'i.result',
          'c.due as cardDue',
        ])
        .where('i.session_id', '=', sessionId)
        .where('s.user_id', '=', userId)
        .where('i.result', 'is not', null)
        .orderBy('i.position')
        .execute();
      return rows.map(({ result, cardDue, ...row }) => ({
        ...row,
        result: result!,
        due: cardDue === null ? result!.card.due : iso(cardDue),
      }));
    },

    async questionIdsInSession(sessionId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('practice_items')
        .select('question_id')
        .where('session_id', '=', sessionId)
        .execute();
      return rows.map((row) => row.question_id);
    },

    /** Questions the learner answered in the bank lately, newest first, at most `limit`. */
    async recentlySeen(userId: string, bankId: string, days: number, limit: number) {
      const rows = await db
        .selectFrom('answer_events')
        .select('question_id')
        .distinct()
        .where('user_id', '=', userId)
        .where('bank_id', '=', bankId)
        .where('answered_at', '>', sql<string>`now() - make_interval(days => ${days})`)
        .limit(limit)
        .execute();
      return rows.map((row) => row.question_id);
    },

    /** An assignment's pinned question at `position` (from 1), as practice shows it next. */
    async pinnedQuestion(assignmentId: string, position: number) {
      return db
        .selectFrom('assignment_questions')
        .select(['question_id as questionId', 'version', 'content', 'passage'])
        .where('assignment_id', '=', assignmentId)
        .where('position', '=', position)
        .executeTakeFirst();
    },

    async addItem(values: {
      sessionId: string;
      questionId: string;
      version: number;
      content: QuestionContent;
      presented: LearnerQuestion;
      passage: LearnerPassage | null;
    }) {
      // The next position is taken in the insert itself; the unique (session, position) index
      // turns a concurrent second draw into an error rather than two items at one position.
      await db
        .insertInto('practice_items')
        .values({
          session_id: values.sessionId,
          position: sql<number>`(select coalesce(max(position), 0) + 1 from ${table('practice_items')} where session_id = ${values.sessionId})`,
          question_id: values.questionId,
          version: values.version,
          content: jsonb(values.content),
          presented: jsonb(values.presented),
          passage: values.passage ? jsonb(values.passage) : null,
        })
        .execute();
    },

    async markExhausted(sessionId: string) {
      await db
        .updateTable('practice_sessions')
        .set({ exhausted: true })
        .where('id', '=', sessionId)
        .execute();
    },

    /** Closes the session; finishing it again keeps the first time. */
    async markFinished(sessionId: string) {
      await db
        .updateTable('practice_sessions')
        .set({ finished_at: sql<string>`now()` })
        .where('id', '=', sessionId)
        .where('finished_at', 'is', null)
        .execute();
    },

    /**
     * The item, locked for answering with its session, so an answer and finishing the session
     * cannot cross; undefined when it is not this learner's.
     */
    async lockItem(sessionId: string, itemId: string, userId: string) {
      return db
        .selectFrom('practice_items as i')
        .innerJoin('practice_sessions as s', 's.id', 'i.session_id')
        .select([
          'i.id',
          'i.question_id as questionId',
          'i.version',
          'i.content',
          'i.presented',
          'i.passage',
          'i.result',
          's.client_id as clientId',
          's.bank_id as bankId',
          's.bank_title as bankTitle',
          's.assignment_id as assignmentId',
          sql<boolean>`s.finished_at is not null`.as('finished'),
        ])
        .where('i.id', '=', itemId)
        .where('i.session_id', '=', sessionId)
        .where('s.user_id', '=', userId)
        .where('s.question_limit_ms', 'is', null)
        .forUpdate(['i', 's'])
        .executeTakeFirst();
    },

    async saveAnswer(itemId: string, answer: AnswerInput, result: GradedAnswer) {
      await db
        .updateTable('practice_items')
        .set({ answer: jsonb(answer), result: jsonb(result), answered_at: sql<string>`now()` })
        .where('id', '=', itemId)
        .execute();
    },

    /** Replaces a stored result: an essay's, once the learner has rated it. */
    async saveResult(itemId: string, result: GradedAnswer) {
      await db
        .updateTable('practice_items')
        .set({ result: jsonb(result) })
        .where('id', '=', itemId)
        .execute();
    },

    async setBookmark(
      userId: string,
      bookmarked: boolean,
      question: {
        questionId: string;
        clientId: string;
        bankId: string;
        bankTitle: string;
        topic: string;
        excerpt: string;
      },
    ) {
      if (!bookmarked) {
        await db
          .deleteFrom('bookmarks')
          .where('user_id', '=', userId)
          .where('question_id', '=', question.questionId)
          .execute();
        return;
      }
      await db
        .insertInto('bookmarks')
        .values({
          user_id: userId,
          question_id: question.questionId,
          client_id: question.clientId,
          bank_id: question.bankId,
          bank_title: question.bankTitle,
          topic: question.topic,
          excerpt: question.excerpt,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'question_id']).doNothing())
        .execute();
    },

    async listBookmarks(userId: string) {
      const rows = await db
        .selectFrom('bookmarks')
        .select([
          'question_id as questionId',
          'bank_id as bankId',
          'bank_title as bankTitle',
          'topic',
          'excerpt',
          'created_at as createdAt',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute();
      return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
    },

    /** False when the learner had no such bookmark. */
    async deleteBookmark(userId: string, questionId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('bookmarks')
        .where('user_id', '=', userId)
        .where('question_id', '=', questionId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type PracticeRepository = ReturnType<typeof createPracticeRepository>;
