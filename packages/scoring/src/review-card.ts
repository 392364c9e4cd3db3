import { createEmptyCard, fsrs, Rating, State, type Card } from 'ts-fsrs';
import { z } from 'zod';

/*
 * Spaced repetition (FSRS, via ts-fsrs 5) for ReviewCards (new → learning → review →
 * relearning; a correct answer rates Good, a wrong one Again). Cards are plain JSON so they can be
 * stored and sent as they are: dates are ISO strings and the state is a word, not ts-fsrs's enum.
 */

export const reviewStates = ['new', 'learning', 'review', 'relearning'] as const;
export type ReviewState = (typeof reviewStates)[number];

const isoDate = z.iso.datetime({ offset: true });

/** The FSRS part of a ReviewCard; parse stored cards with this before `reviewCard`. */
export const reviewCardData = z.strictObject({
  state: z.enum(reviewStates),
  /** When the card is next due. */
  due: isoDate,
  stability: z.number().min(0),
  difficulty: z.number().min(0),
  /** Days until due as scheduled at the last review (0 while in (re)learning steps). */
  scheduledDays: z.number().int().min(0),
  /** Which (re)learning step the card is on. */
  learningSteps: z.number().int().min(0),
  reps: z.number().int().min(0),
  lapses: z.number().int().min(0),
  lastReview: isoDate.nullable(),
});
export type ReviewCard = z.infer<typeof reviewCardData>;

/*
 * Default FSRS-6 parameters: 90% target retention, learning steps 1 min and 10 min, relearning
 * 10 min. Fuzz stays off (the library default) so a schedule is a pure function of its inputs and
 * the same review replayed anywhere gives the same due date. The scheduler holds no state.
 */
const scheduler = fsrs({ enable_fuzz: false });

const toState: Record<State, ReviewState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const fromState: Record<ReviewState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

const toPlain = (card: Card): ReviewCard => ({
  state: toState[card.state],
  due: card.due.toISOString(),
  stability: card.stability,
  difficulty: card.difficulty,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  lastReview: card.last_review ? card.last_review.toISOString() : null,
});

const toFsrs = (card: ReviewCard): Card => ({
  state: fromState[card.state],
  due: new Date(card.due),
  stability: card.stability,
  difficulty: card.difficulty,
  // Deprecated in ts-fsrs 5, which derives it from last_review itself.
  elapsed_days: 0,
  scheduled_days: card.scheduledDays,
  learning_steps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  ...(card.lastReview === null ? {} : { last_review: new Date(card.lastReview) }),
});

/** A card never reviewed, due at once. */
export const newReviewCard = (now: Date): ReviewCard => toPlain(createEmptyCard(now));

/**
 * The card after one review at `now`: Good when the answer was correct, Again when not.
 * A `now` before the card's last review (clocks of two servers disagreeing) is treated as
 * happening at the last review, because FSRS refuses negative elapsed time.
 * Throws RangeError on an invalid date; cards read from storage should pass `reviewCardData`.
 */
export const reviewCard = (card: ReviewCard, correct: boolean, now: Date): ReviewCard => {
  const last = card.lastReview === null ? Number.NEGATIVE_INFINITY : Date.parse(card.lastReview);
  const at = Math.max(now.getTime(), last);
  if (!Number.isFinite(at) || Number.isNaN(Date.parse(card.due))) {
    throw new RangeError('reviewCard needs valid dates');
  }
  const rating = correct ? Rating.Good : Rating.Again;
  return toPlain(scheduler.next(toFsrs(card), new Date(at), rating).card);
};

/**
 * The card a history of answers leaves, replayed from a new card in the order given. FSRS builds
 * every review on the card before it, so correcting one outcome (a regrade) has to replay the
 * reviews after it too; fuzz is off, so the replay of an unchanged history is the card as stored.
 */
export const replayReviewCard = (
  answers: readonly { correct: boolean; at: Date }[],
  created: Date,
): ReviewCard =>
  answers.reduce(
    (card, answer) => reviewCard(card, answer.correct, answer.at),
    newReviewCard(created),
  );

/** Whether the card is due for review at `now` (due at or before it). */
export const isDue = (card: ReviewCard, now: Date): boolean =>
  Date.parse(card.due) <= now.getTime();

/**
 * The chance (0..1) that the learner still recalls the card at `at`, on FSRS's forgetting curve
 * from its last review and stability. A card never reviewed has nothing to forget yet: 0.
 */
export const recallProbability = (card: ReviewCard, at: Date): number => {
  if (card.lastReview === null || card.state === 'new') return 0;
  const from = Math.max(at.getTime(), Date.parse(card.lastReview));
  return scheduler.get_retrievability(toFsrs(card), new Date(from), false);
};
