import { z } from 'zod';
import { ids } from '../ids';
import { isoDate } from './shared';
import { answerFeedback, learnerQuestion } from './learner-question';
import { answerInput } from '../answer';
import { reviewPolicies } from '../rules/learning';
import { learnerPassage } from '../passage';

/** Timed exam attempts: pinned questions, saved answers, the server-side deadline, results. */

export const examStates = ['in_progress', 'submitted', 'expired'] as const;
export type ExamState = (typeof examStates)[number];

export const examStart = z
  .strictObject({
    bankId: z.uuid(),
    /** A blueprint's id, or `default`. */
    blueprintId: z.union([z.uuid(), z.literal('default')]).default('default'),
  })
  .meta({ examples: [{ bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70', blueprintId: 'default' }] });

export const examScoreSchema = z.object({
  points: z.number(),
  maxPoints: z.number(),
  fraction: z.number(),
  /** Provisional while essays await grading: their points count towards maxPoints only. */
  passed: z.boolean(),
  /** Answers still awaiting a grader, and the points they are worth. */
  pendingCount: z.number().int(),
  pendingPoints: z.number(),
});

export const savedResponse = z.object({
  position: z.number().int().positive(),
  answer: answerInput,
  savedAt: isoDate,
});
export type SavedResponse = z.infer<typeof savedResponse>;

export const examSummary = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  bankTitle: z.string(),
  blueprintTitle: z.string(),
  state: z.enum(examStates),
  startedAt: isoDate,
  deadline: isoDate,
  submittedAt: isoDate.nullable(),
  questionCount: z.number().int(),
  score: examScoreSchema.nullable(),
});
export type ExamSummary = z.infer<typeof examSummary>;
export const examAttempt = examSummary.extend({
  /** The server's clock when this was sent, so a client can correct its own. */
  serverNow: isoDate,
  extraTimePercent: z.number().int(),
  passMark: z.number(),
  reviewPolicy: z.enum(reviewPolicies),
  /** `learner` when submitted by the learner, `server` when time ran out. */
  submittedBy: z.enum(['learner', 'server']).nullable(),
  questions: z.array(
    z.object({
      position: z.number().int().positive(),
      question: learnerQuestion,
      /** The passage the question refers to, pinned at the start; the same for its whole group. */
      passage: learnerPassage.nullable().default(null),
    }),
  ),
  responses: z.array(savedResponse),
});
export type ExamAttempt = z.infer<typeof examAttempt>;

export const examAttemptParams = z.strictObject({ attemptId: ids.attempt });
export const examResponseParams = z.strictObject({
  attemptId: ids.attempt,
  position: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .meta({ description: 'The question’s place in the attempt, 1 for the first.' }),
});
export const responseAck = savedResponse;

export const examList = z.object({ attempts: z.array(examSummary) });

export const examReviewItem = z.object({
  position: z.number().int().positive(),
  question: learnerQuestion,
  passage: learnerPassage.nullable().default(null),
  answer: answerInput.nullable(),
  /** Null when the review policy shows the score only. */
  correct: z.boolean().nullable(),
  points: z.number().nullable(),
  maxPoints: z.number(),
  /** Present only under the `full` policy. */
  feedback: answerFeedback.nullable(),
  correctAnswer: answerInput.nullable(),
  explanation: z.string().nullable(),
  /** `awaiting` and `graded` for essays (scored by a person); `auto` for everything else. */
  grading: z.enum(['auto', 'awaiting', 'graded']),
  /** A grader's comment on an essay, under any policy but `score_only`. */
  graderComment: z.string().nullable(),
});
export const examReview = z.object({
  attempt: examSummary,
  /** The blueprint to take this exam again by; null when the bank no longer offers it. */
  againBlueprintId: z.string().nullable(),
  reviewPolicy: z.enum(reviewPolicies),
  passMark: z.number(),
  items: z.array(examReviewItem),
});
export type ExamReview = z.infer<typeof examReview>;
