import {
  LEARNING,
  type AnswerInput,
  type GradedAnswer,
  type ReviewQueue,
  type SelfRating,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { seededRandom, seedOf, type CalculatedValues } from '@questa/contracts/rules';
import { presentedValues, presentQuestion, selfRatedEssay, type Graded } from '@questa/scoring';
import type { UnitOfWork } from '../../db/unit-of-work';
import { recordAnswers, scheduleOf } from '../learning/answer-recorder';
import { gradedAnswer, gradeOrRefuse } from '../learning/grading';
import type { UserRow } from '../users/user.repository';
import type { CardRow, ReviewRepository } from './review.repository';

/** Cards sent per queue read; the page asks again when it runs out. */
const QUEUE_SIZE = 50;

/**
 * Spaced repetition (FSRS): the cards practice and exams made, due ones first, then new ones
 * (bookmarked, never answered) up to the daily new-card limit.
 */
/**
 * How a card is shown until its next answer: drawn from a seed of the card and its answer counts,
 * so the queue and the answer see the same calculated values without a write on every queue read,
 * and each review after an answer draws new ones.
 */
const presentCard = (card: Pick<CardRow, 'id' | 'content' | 'fsrs'>) =>
  presentQuestion(
    card.content,
    seededRandom(seedOf(`${card.id}:${card.fsrs.reps}:${card.fsrs.lapses}`)),
  );

export function createReviewService(deps: { unitOfWork: UnitOfWork; reviews: ReviewRepository }) {
  const { reviews } = deps;

  const toQueueCard = (row: CardRow) => ({
    id: row.id,
    questionId: row.questionId,
    bankId: row.bankId,
    bankTitle: row.bankTitle,
    state: row.state,
    due: new Date(row.due).toISOString(),
    reps: row.fsrs.reps,
    lapses: row.fsrs.lapses,
    question: presentCard(row),
    passage: row.passage,
  });

  // Recorded as every other answer is: the event for progress, and the card moved by FSRS.
  async function record(
    work: Parameters<Parameters<UnitOfWork>[0]>[0],
    user: UserRow,
    card: CardRow,
    graded: Graded,
    values?: CalculatedValues,
  ) {
    const schedules = await recordAnswers(work.answers, {
      userId: user.id,
      source: 'review',
      answers: [{ ...card, correct: graded.correct, score: graded.score }],
    });
    return gradedAnswer(card.content, graded, schedules.get(card.questionId)!, values);
  }

  return {
    async queue(user: UserRow): Promise<ReviewQueue> {
      const counts = await reviews.counts(user.id, LEARNING.learnAheadMinutes);
      const due = await reviews.due(user.id, LEARNING.learnAheadMinutes, QUEUE_SIZE);
      const newLeft = Math.max(0, LEARNING.newCardsPerDay - counts.newToday);
      const fresh = await reviews.fresh(user.id, Math.min(newLeft, QUEUE_SIZE - due.length));
      return {
        cards: [...due, ...fresh].map(toQueueCard),
        dueCount: counts.due,
        newToday: counts.newToday,
        newLimit: LEARNING.newCardsPerDay,
        nextDue: counts.nextDue,
        totals: {
          new: counts.new,
          learning: counts.learning,
          review: counts.review,
          relearning: counts.relearning,
        },
      };
    },

    /** Grades a review answer against the card's question and reschedules the card. */
    async answer(user: UserRow, cardId: string, answer: AnswerInput): Promise<GradedAnswer> {
      return deps.unitOfWork(async (work) => {
        const card = await work.reviews.lock(cardId, user.id);
        if (!card) throw new HttpProblem('not_found', { detail: 'There is no such review card.' });
        const values = presentedValues(presentCard(card));
        const graded = gradeOrRefuse(card.content, answer, values);
        // An essay waits for the learner's rating (`rate`); the card stays due until then.
        if (graded.awaiting) {
          return gradedAnswer(card.content, graded, scheduleOf(card.fsrs), values);
        }
        return record(work, user, card, graded, values);
      });
    },

    /** The learner's rating of their essay on a review card: it moves the card as an answer does. */
    async rate(user: UserRow, cardId: string, rating: SelfRating): Promise<GradedAnswer> {
      return deps.unitOfWork(async (work) => {
        const card = await work.reviews.lock(cardId, user.id);
        if (!card) throw new HttpProblem('not_found', { detail: 'There is no such review card.' });
        if (card.content.type !== 'essay') {
          throw new HttpProblem('grading.not_awaiting', {
            detail: 'Only an essay is rated by the learner.',
          });
        }
        return record(work, user, card, selfRatedEssay(card.content, rating));
      });
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
