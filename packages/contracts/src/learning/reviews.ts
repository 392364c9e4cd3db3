import { z } from 'zod';
import { ids } from '../ids';
import { isoDate } from './shared';
import { learnerPassage } from '../passage';
import { learnerQuestion } from './learner-question';

/** Spaced-repetition review cards and a learner's queue of them. */

/* ---------- Spaced repetition ---------- */

export const reviewQueueCard = z.object({
  id: z.uuid(),
  questionId: z.uuid(),
  bankId: z.uuid(),
  bankTitle: z.string(),
  state: z.enum(['new', 'learning', 'review', 'relearning']),
  due: isoDate,
  reps: z.number().int(),
  lapses: z.number().int(),
  question: learnerQuestion,
  /** The passage the question refers to, as last drawn with it; null when it has none. */
  passage: learnerPassage.nullable().default(null),
});
export type ReviewQueueCard = z.infer<typeof reviewQueueCard>;

export const reviewQueue = z.object({
  /** Due now (learning cards up to `learnAheadMinutes` early), oldest first, then new ones. */
  cards: z.array(reviewQueueCard),
  dueCount: z.number().int(),
  newToday: z.number().int(),
  newLimit: z.number().int(),
  /** When the next card not shown now falls due, if any. */
  nextDue: isoDate.nullable(),
  totals: z.object({
    new: z.number().int(),
    learning: z.number().int(),
    review: z.number().int(),
    relearning: z.number().int(),
  }),
});
export type ReviewQueue = z.infer<typeof reviewQueue>;
export const reviewCardParams = z.strictObject({ cardId: ids.card });
