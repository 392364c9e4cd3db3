import type { CardSchedule, QuestionContent } from '@questa/contracts';
import { sql } from '@questa/db';
import { newReviewCard, reviewCard, reviewCardData, type ReviewCard } from '@questa/scoring';
import { jsonb } from '../../db/json';
import type { ApiDb } from '../../db/tables';

/** A graded answer to record: where the question came from, and how it went. */
export interface AnsweredQuestion {
  clientId: string;
  bankId: string;
  bankTitle: string;
  questionId: string;
  version: number;
  content: QuestionContent;
  correct: boolean;
  score: number;
}

export const scheduleOf = (card: ReviewCard): CardSchedule => ({
  state: card.state,
  due: card.due,
});

/**
 * Records answers where progress and item statistics read them, and moves each question's
 * review card (a correct answer rates Good, a wrong one Again; a first answer creates the card).
 * Call inside the transaction that stores the answers themselves, so both happen or neither.
 * `attemptId` marks exam answers: a second recording of the same attempt fails on a unique index.
 */
export async function recordAnswers(
  trx: ApiDb,
  input: {
    userId: string;
    source: 'practice' | 'exam' | 'review';
    answers: readonly AnsweredQuestion[];
    attemptId?: string;
    now?: Date;
  },
): Promise<Map<string, CardSchedule>> {
  const { userId, answers } = input;
  const schedules = new Map<string, CardSchedule>();
  if (answers.length === 0) return schedules;
  const now = input.now ?? new Date();

  await trx
    .insertInto('answer_events')
    .values(
      answers.map((answer) => ({
        user_id: userId,
        source: input.source,
        client_id: answer.clientId,
        bank_id: answer.bankId,
        bank_title: answer.bankTitle,
        question_id: answer.questionId,
        version: answer.version,
        topic: answer.content.topic,
        correct: answer.correct,
        score: answer.score,
        attempt_id: input.attemptId ?? null,
      })),
    )
    .execute();

  // Lock the learner's existing cards for these questions, so two answers at once cannot both
  // start from the same card and lose one review.
  const existing = await trx
    .selectFrom('review_cards')
    .select(['question_id', 'fsrs'])
    .where('user_id', '=', userId)
    .where(
      'question_id',
      'in',
      answers.map((answer) => answer.questionId),
    )
    .forUpdate()
    .execute();
  const cards = new Map(existing.map((row) => [row.question_id, reviewCardData.parse(row.fsrs)]));

  for (const answer of answers) {
    const before = cards.get(answer.questionId) ?? newReviewCard(now);
    const after = reviewCard(before, answer.correct, now);
    cards.set(answer.questionId, after);
    schedules.set(answer.questionId, scheduleOf(after));
    await trx
      .insertInto('review_cards')
      .values({
        user_id: userId,
        question_id: answer.questionId,
        client_id: answer.clientId,
        bank_id: answer.bankId,
        bank_title: answer.bankTitle,
        version: answer.version,
        content: jsonb(answer.content),
        fsrs: jsonb(after),
        state: after.state,
        due: after.due,
      })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'question_id']).doUpdateSet({
          version: answer.version,
          content: jsonb(answer.content),
          bank_title: answer.bankTitle,
          fsrs: jsonb(after),
          state: after.state,
          due: after.due,
          introduced_at: sql<string>`coalesce(review_cards.introduced_at, case when review_cards.state = 'new' then now() end)`,
          updated_at: sql<string>`now()`,
        }),
      )
      .execute();
  }
  return schedules;
}

/** A review card for a question the learner wants to learn (a bookmark), if none exists yet. */
export async function ensureNewCard(
  db: ApiDb,
  userId: string,
  question: Omit<AnsweredQuestion, 'correct' | 'score'>,
) {
  const card = newReviewCard(new Date());
  await db
    .insertInto('review_cards')
    .values({
      user_id: userId,
      question_id: question.questionId,
      client_id: question.clientId,
      bank_id: question.bankId,
      bank_title: question.bankTitle,
      version: question.version,
      content: jsonb(question.content),
      fsrs: jsonb(card),
      state: card.state,
      due: card.due,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'question_id']).doNothing())
    .execute();
}
