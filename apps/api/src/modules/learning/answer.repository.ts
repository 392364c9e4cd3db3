import type { LearnerPassage, QuestionContent } from '@questa/contracts';
import { sql } from '@questa/db';
import type { ReviewCard } from '@questa/scoring';
import { jsonb } from '../../db/json';
import type { ApiDb } from '../../db/tables';

/** Where a recorded answer's question came from. */
export interface QuestionSource {
  clientId: string;
  bankId: string;
  bankTitle: string;
  questionId: string;
  version: number;
  content: QuestionContent;
  /**
   * The passage drawn with the question: null when it has none, left out when the answer does not
   * say (a review answer), which keeps what the card holds.
   */
  passage?: LearnerPassage | null;
}

const passageOf = (question: QuestionSource) => (question.passage ? jsonb(question.passage) : null);

const cardRow = (userId: string, question: QuestionSource, card: ReviewCard) => ({
  user_id: userId,
  question_id: question.questionId,
  client_id: question.clientId,
  bank_id: question.bankId,
  bank_title: question.bankTitle,
  version: question.version,
  content: jsonb(question.content),
  passage: passageOf(question),
  fsrs: jsonb(card),
  state: card.state,
  due: card.due,
});

/** Answer events and review cards: the one record of every answer, and what it schedules. */
export function createAnswerRepository(db: ApiDb) {
  return {
    async insertEvents(
      userId: string,
      source: 'practice' | 'exam' | 'review' | 'live',
      events: readonly (QuestionSource & {
        correct: boolean;
        score: number;
        practiceItemId?: string;
      })[],
      attemptId: string | undefined,
    ) {
      await db
        .insertInto('answer_events')
        .values(
          events.map((event) => ({
            user_id: userId,
            source,
            client_id: event.clientId,
            bank_id: event.bankId,
            bank_title: event.bankTitle,
            question_id: event.questionId,
            version: event.version,
            topic: event.content.topic,
            correct: event.correct,
            score: event.score,
            attempt_id: attemptId ?? null,
            practice_item_id: event.practiceItemId ?? null,
          })),
        )
        .execute();
    },

    /**
     * The learner's cards for these questions, locked until the transaction ends, so two answers
     * at once cannot both start from the same card and lose one review.
     */
    async lockCards(userId: string, questionIds: readonly string[]) {
      const rows = await db
        .selectFrom('review_cards')
        .select(['question_id', 'fsrs'])
        .where('user_id', '=', userId)
        .where('question_id', 'in', questionIds)
        .forUpdate()
        .execute();
      return new Map(rows.map((row) => [row.question_id, row.fsrs as unknown]));
    },

    /** Stores a card as answering left it, introducing it today if it was new. */
    async saveCard(userId: string, question: QuestionSource, card: ReviewCard) {
      await db
        .insertInto('review_cards')
        .values(cardRow(userId, question, card))
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'question_id']).doUpdateSet({
            version: question.version,
            content: jsonb(question.content),
            ...(question.passage === undefined ? {} : { passage: passageOf(question) }),
            bank_title: question.bankTitle,
            fsrs: jsonb(card),
            state: card.state,
            due: card.due,
            introduced_at: sql<string>`coalesce(review_cards.introduced_at, case when review_cards.state = 'new' then now() end)`,
            updated_at: sql<string>`now()`,
          }),
        )
        .execute();
    },

    /** Adds a card unless the learner has one for the question already. */
    async addCardIfMissing(userId: string, question: QuestionSource, card: ReviewCard) {
      await db
        .insertInto('review_cards')
        .values(cardRow(userId, question, card))
        .onConflict((conflict) => conflict.columns(['user_id', 'question_id']).doNothing())
        .execute();
    },
  };
}

export type AnswerRepository = ReturnType<typeof createAnswerRepository>;
