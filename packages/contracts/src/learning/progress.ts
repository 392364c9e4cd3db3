import { z } from 'zod';
import { LEARNING } from '../rules/learning';
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

/** `GET /progress/analytics`: premium's detailed analytics, one row per bank and topic. */
export const progressAnalytics = z.object({
  generatedAt: z.iso.datetime({ offset: true }),
  topics: z.array(
    z.object({
      bankId: z.uuid(),
      bankTitle: z.string(),
      topic: z.string(),
      /** Review cards of the topic the learner has answered at least once. */
      cards: z.number().int(),
      /** Of those, due for review within the next 7 days (overdue ones included). */
      dueWithin7Days: z.number().int(),
      /**
       * The mean chance of recalling the topic's cards now and in the days ahead if nothing is
       * reviewed meanwhile, on each card's FSRS forgetting curve; empty without cards.
       */
      recall: z.array(
        z.object({
          days: z.number().int().meta({ description: 'Days from now; 0 is now.' }),
          probability: z.number().min(0).max(1),
        }),
      ),
      answerTime: z
        .object({ medianSeconds: z.number(), answers: z.number().int() })
        .nullable()
        .meta({
          description:
            'Time per question in practice and review: the median gap between an answer and ' +
            'the one before it in the same kind of sitting, gaps over ' +
            `${LEARNING.answerTimeBreakSeconds} seconds (a break) left out. Null until an ` +
            'answer is timed.',
        }),
    }),
  ),
});
export type ProgressAnalytics = z.infer<typeof progressAnalytics>;

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
