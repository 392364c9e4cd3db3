import type { CardSchedule } from '@questa/contracts';
import { newReviewCard, reviewCard, reviewCardData, type ReviewCard } from '@questa/scoring';
import type { AnswerRepository, QuestionSource } from './answer.repository';

/** A graded answer to record: where the question came from, and how it went. */
export interface AnsweredQuestion extends QuestionSource {
  correct: boolean;
  score: number;
  /** The practice item answered, so a regrade can find the event again. */
  practiceItemId?: string;
}

export const scheduleOf = (card: ReviewCard): CardSchedule => ({
  state: card.state,
  due: card.due,
});

/**
 * Records answers where progress and item statistics read them, and moves each question's
 * review card (a correct answer rates Good, a wrong one Again; a first answer creates the card).
 * Call inside the unit of work that stores the answers themselves, so both happen or neither.
 * `attemptId` marks exam answers: a second recording of the same attempt fails on a unique index.
 */
export async function recordAnswers(
  repository: AnswerRepository,
  input: {
    userId: string;
    source: 'practice' | 'exam' | 'review' | 'live';
    answers: readonly AnsweredQuestion[];
    attemptId?: string;
    now?: Date;
  },
): Promise<Map<string, CardSchedule>> {
  const { userId, answers } = input;
  const schedules = new Map<string, CardSchedule>();
  if (answers.length === 0) return schedules;
  const now = input.now ?? new Date();

  await repository.insertEvents(userId, input.source, answers, input.attemptId);
  const locked = await repository.lockCards(
    userId,
    answers.map((answer) => answer.questionId),
  );
  const cards = new Map([...locked].map(([id, fsrs]) => [id, reviewCardData.parse(fsrs)]));

  for (const answer of answers) {
    const before = cards.get(answer.questionId) ?? newReviewCard(now);
    const after = reviewCard(before, answer.correct, now);
    cards.set(answer.questionId, after);
    schedules.set(answer.questionId, scheduleOf(after));
    await repository.saveCard(userId, answer, after);
  }
  return schedules;
}

/** A review card for a question the learner wants to learn (a bookmark), if none exists yet. */
export async function ensureNewCard(
  answers: AnswerRepository,
  userId: string,
  question: Omit<AnsweredQuestion, 'correct' | 'score' | 'practiceItemId'>,
) {
  await answers.addCardIfMissing(userId, question, newReviewCard(new Date()));
}
