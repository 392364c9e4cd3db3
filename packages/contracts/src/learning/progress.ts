import { z } from 'zod';
import { examSummary } from './exams';

/** What answers add up to: a learner's progress, and item statistics for authors. */

/* ---------- Progress ---------- */

export const progressReport = z.object({
  totals: z.object({ answered: z.number().int(), correct: z.number().int() }),
  byTopic: z.array(
    z.object({
      bankId: z.uuid(),
      bankTitle: z.string(),
      topic: z.string(),
      answered: z.number().int(),
      correct: z.number().int(),
    }),
  ),
  /** The last 30 days (UTC), oldest first, days without answers included. */
  byDay: z.array(
    z.object({ day: z.iso.date(), answered: z.number().int(), correct: z.number().int() }),
  ),
  streak: z.object({ current: z.number().int(), longest: z.number().int() }),
  exams: z.array(examSummary),
});
export type ProgressReport = z.infer<typeof progressReport>;

/* ---------- Item statistics ---------- */

export const itemFlags = [
  'too_hard',
  'too_easy',
  'low_discrimination',
  'negative_discrimination',
] as const;
export type ItemFlag = (typeof itemFlags)[number];

export const itemStatistic = z.object({
  questionId: z.uuid(),
  /** Responses counted (one per learner: their first answer to the question). */
  responses: z.number().int(),
  /** Mean score 0..1: the share of the points learners earned. */
  facility: z.number(),
  /**
   * Corrected item–total correlation (-1..1): how well the question separates learners who do
   * well on the rest of the bank from those who do not. Null with too few responses.
   */
  discrimination: z.number().nullable(),
  flags: z.array(z.enum(itemFlags)),
});
export type ItemStatistic = z.infer<typeof itemStatistic>;
export const itemStatistics = z.object({
  /** Below this many responses an item is not flagged: too little evidence. */
  minResponses: z.number().int(),
  items: z.array(itemStatistic),
});
export type ItemStatistics = z.infer<typeof itemStatistics>;
