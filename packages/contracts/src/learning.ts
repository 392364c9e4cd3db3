import { z } from 'zod';
import { answerInput } from './answer';
import { BLUEPRINT_LIMITS as B, LEARNING, reviewPolicies } from './rules/learning';
import { QUESTION_LIMITS as Q } from './rules/questions';

/*
 * What learners meet: practice sessions, timed exams, spaced-repetition review and progress
 * (PRODUCT §2–§5), and what authors learn from it (item statistics). Questions reach the browser
 * without their keys; keys come back only with a graded result or a review the policy allows.
 */

const isoDate = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(40);

/* ---------- Questions as a learner sees them: no keys ---------- */

const learnerCommon = {
  stem: z.string(),
  topic: z.string(),
  difficulty: z.number().int().min(Q.difficultyMin).max(Q.difficultyMax),
  points: z.number(),
  media: z.array(z.string()),
};
const choiceOption = z.object({ id, text: z.string() });

export const learnerQuestion = z.discriminatedUnion('type', [
  z.object({ ...learnerCommon, type: z.literal('single_choice'), options: z.array(choiceOption) }),
  z.object({
    ...learnerCommon,
    type: z.literal('multiple_response'),
    options: z.array(choiceOption),
  }),
  z.object({ ...learnerCommon, type: z.literal('true_false') }),
  z.object({ ...learnerCommon, type: z.literal('short_text') }),
  z.object({
    ...learnerCommon,
    type: z.literal('numeric'),
    /** The unit the answer is expected in, when the author set one. */
    unit: z.string().nullable(),
  }),
  /** Items in a shuffled order; the learner puts them right. */
  z.object({ ...learnerCommon, type: z.literal('ordering'), items: z.array(choiceOption) }),
  z.object({
    ...learnerCommon,
    type: z.literal('matching'),
    prompts: z.array(z.object({ id, prompt: z.string() })),
    /** Every answer text once, shuffled, to choose from for each prompt. */
    answers: z.array(z.string()),
  }),
  z.object({
    ...learnerCommon,
    type: z.literal('cloze'),
    /** Stem placeholders `{{id}}` name these blanks. Choice blanks list their options in order. */
    blanks: z.array(
      z.discriminatedUnion('kind', [
        z.object({ id, kind: z.literal('text') }),
        z.object({ id, kind: z.literal('choice'), options: z.array(z.string()) }),
      ]),
    ),
  }),
]);
export type LearnerQuestion = z.infer<typeof learnerQuestion>;

/* ---------- Grading feedback ---------- */

const optionFeedback = z.object({
  optionId: z.string(),
  chosen: z.boolean(),
  correct: z.boolean(),
});

/** Per-part feedback so a client can mark each option, item, prompt or blank. */
export const answerFeedback = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single_choice'), options: z.array(optionFeedback) }),
  z.object({ type: z.literal('multiple_response'), options: z.array(optionFeedback) }),
  z.object({ type: z.literal('true_false'), given: z.boolean(), expected: z.boolean() }),
  z.object({ type: z.literal('short_text'), matched: z.string().nullable() }),
  z.object({
    type: z.literal('numeric'),
    expected: z.number(),
    tolerance: z.number(),
    unit: z.string().nullable(),
    difference: z.number(),
    withinTolerance: z.boolean(),
    unitAccepted: z.boolean(),
  }),
  z.object({
    type: z.literal('ordering'),
    items: z.array(
      z.object({ itemId: z.string(), position: z.number(), correctPosition: z.number() }),
    ),
    pairsInOrder: z.number(),
    pairs: z.number(),
  }),
  z.object({
    type: z.literal('matching'),
    pairs: z.array(
      z.object({
        pairId: z.string(),
        given: z.string().nullable(),
        expected: z.string(),
        correct: z.boolean(),
      }),
    ),
  }),
  z.object({
    type: z.literal('cloze'),
    blanks: z.array(
      z.object({
        blankId: z.string(),
        given: z.union([z.string(), z.number()]).nullable(),
        expected: z.string(),
        correct: z.boolean(),
      }),
    ),
  }),
]);
export type AnswerFeedback = z.infer<typeof answerFeedback>;

/** Where a review card stands after an answer, so the learner sees when it comes back. */
export const cardSchedule = z.object({
  state: z.enum(['new', 'learning', 'review', 'relearning']),
  due: isoDate,
});
export type CardSchedule = z.infer<typeof cardSchedule>;

/** One graded answer: whether it was right, partial credit, the key and the explanation. */
export const gradedAnswer = z.object({
  correct: z.boolean(),
  /** 0..1 partial credit. */
  score: z.number(),
  points: z.number(),
  maxPoints: z.number(),
  feedback: answerFeedback,
  correctAnswer: answerInput,
  explanation: z.string(),
  card: cardSchedule,
});
export type GradedAnswer = z.infer<typeof gradedAnswer>;

export const answerBody = z.strictObject({ answer: answerInput });

/* ---------- Allowance ---------- */

export const allowance = z.object({
  /** Null for premium learners: no limit. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  /** When the count starts again (the next UTC midnight). */
  resetsAt: isoDate,
});
export type Allowance = z.infer<typeof allowance>;

/* ---------- Practice ---------- */

export const practiceStart = z.strictObject({
  bankId: z.uuid(),
  /** Empty: every topic. */
  topics: z.array(z.string().trim().min(1).max(Q.topicMax)).max(50).default([]),
  /** Empty: every difficulty. */
  difficulties: z
    .array(z.number().int().min(Q.difficultyMin).max(Q.difficultyMax))
    .max(Q.difficultyMax)
    .default([]),
});
export type PracticeStart = z.input<typeof practiceStart>;

export const practiceSession = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  bankTitle: z.string(),
  topics: z.array(z.string()),
  difficulties: z.array(z.number().int()),
  createdAt: isoDate,
  answered: z.number().int(),
  correct: z.number().int(),
  allowance,
});
export type PracticeSession = z.infer<typeof practiceSession>;

export const practiceItem = z.object({
  id: z.uuid(),
  /** 1-based order within the session. */
  position: z.number().int().positive(),
  questionId: z.uuid(),
  version: z.number().int().positive(),
  question: learnerQuestion,
  bookmarked: z.boolean(),
  /** Set once the item has been answered: the stored result, the same on every later read. */
  result: gradedAnswer.nullable(),
  /** The answer given, once there is one. */
  answer: answerInput.nullable(),
});
export type PracticeItem = z.infer<typeof practiceItem>;

export const practiceState = z.object({
  session: practiceSession,
  /** The item on screen: the newest one, answered or not. Null before the first draw. */
  item: practiceItem.nullable(),
  /** Every published question matching the session's filters has been drawn. */
  exhausted: z.boolean(),
});
export type PracticeState = z.infer<typeof practiceState>;

export const practiceSessionParams = z.strictObject({ sessionId: z.uuid() });
export const practiceItemParams = z.strictObject({ sessionId: z.uuid(), itemId: z.uuid() });

export const practiceAnswerResult = z.object({
  item: practiceItem,
  session: practiceSession,
});
export type PracticeAnswerResult = z.infer<typeof practiceAnswerResult>;

/* ---------- Bookmarks ---------- */

export const bookmark = z.object({
  questionId: z.uuid(),
  bankId: z.uuid(),
  bankTitle: z.string(),
  topic: z.string(),
  /** The first part of the stem, as Markdown. */
  excerpt: z.string(),
  createdAt: isoDate,
});
export type Bookmark = z.infer<typeof bookmark>;
export const bookmarkList = z.object({ bookmarks: z.array(bookmark) });
export const bookmarkBody = z.strictObject({ bookmarked: z.boolean() });
export const bookmarkParams = z.strictObject({ questionId: z.uuid() });

/* ---------- Exam blueprints ---------- */

export const blueprintRule = z.strictObject({
  topic: z.string().trim().min(1).max(Q.topicMax).optional(),
  difficulty: z.number().int().min(Q.difficultyMin).max(Q.difficultyMax).optional(),
  count: z.number().int().min(1).max(B.countPerRuleMax),
});

export const blueprintInput = z.strictObject({
  title: z.string().trim().min(1).max(B.titleMax),
  rules: z.array(blueprintRule).min(1).max(B.rulesMax),
  /** Null: the default time per question (`LEARNING.examSecondsPerQuestion`). */
  timeLimitSeconds: z.number().int().min(B.minSeconds).max(B.maxSeconds).nullable().default(null),
  /** The fraction of points needed to pass, 0..1. */
  passMark: z.number().min(0).max(1).default(B.defaultPassMark),
  shuffle: z.boolean().default(true),
  reviewPolicy: z.enum(reviewPolicies).default('full'),
});
export type BlueprintInput = z.input<typeof blueprintInput>;

export const blueprint = z.object({
  /** `default` for the bank's built-in blueprint, otherwise a uuid. */
  id: z.string(),
  bankId: z.uuid(),
  title: z.string(),
  rules: z.array(blueprintRule),
  questionCount: z.number().int(),
  timeLimitSeconds: z.number().int(),
  passMark: z.number(),
  shuffle: z.boolean(),
  reviewPolicy: z.enum(reviewPolicies),
  isDefault: z.boolean(),
});
export type Blueprint = z.infer<typeof blueprint>;
export const blueprintList = z.object({ blueprints: z.array(blueprint) });
export const blueprintParams = z.strictObject({
  clientId: z.uuid(),
  bankId: z.uuid(),
  blueprintId: z.uuid(),
});

/* ---------- Exam attempts ---------- */

export const examStates = ['in_progress', 'submitted', 'expired'] as const;
export type ExamState = (typeof examStates)[number];

export const examStart = z.strictObject({
  bankId: z.uuid(),
  /** A blueprint's id, or `default`. */
  blueprintId: z.union([z.uuid(), z.literal('default')]).default('default'),
});

export const examScoreSchema = z.object({
  points: z.number(),
  maxPoints: z.number(),
  fraction: z.number(),
  passed: z.boolean(),
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
    z.object({ position: z.number().int().positive(), question: learnerQuestion }),
  ),
  responses: z.array(savedResponse),
});
export type ExamAttempt = z.infer<typeof examAttempt>;

export const examAttemptParams = z.strictObject({ attemptId: z.uuid() });
export const examResponseParams = z.strictObject({
  attemptId: z.uuid(),
  position: z.coerce.number().int().min(1).max(1000),
});
export const responseAck = savedResponse;

export const examList = z.object({ attempts: z.array(examSummary) });

export const examReviewItem = z.object({
  position: z.number().int().positive(),
  question: learnerQuestion,
  answer: answerInput.nullable(),
  /** Null when the review policy shows the score only. */
  correct: z.boolean().nullable(),
  points: z.number().nullable(),
  maxPoints: z.number(),
  /** Present only under the `full` policy. */
  feedback: answerFeedback.nullable(),
  correctAnswer: answerInput.nullable(),
  explanation: z.string().nullable(),
});
export const examReview = z.object({
  attempt: examSummary,
  reviewPolicy: z.enum(reviewPolicies),
  passMark: z.number(),
  items: z.array(examReviewItem),
});
export type ExamReview = z.infer<typeof examReview>;

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
export const reviewCardParams = z.strictObject({ cardId: z.uuid() });

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

/* ---------- Admin: premium and accommodations ---------- */

export const premiumGrant = z.strictObject({
  premium: z.boolean(),
  /** Null: until revoked. */
  until: isoDate.nullable().default(null),
});
export const accommodations = z.strictObject({
  extraTimePercent: z.number().int().min(0).max(LEARNING.maxExtraTimePercent),
});
export type Accommodations = z.infer<typeof accommodations>;
