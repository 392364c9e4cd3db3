import { z } from 'zod';
import { ids } from '../ids';
import { isoDate } from './shared';
import { gradedAnswer, learnerQuestion } from './learner-question';
import { learnerPassage } from '../passage';
import { answerInput } from '../answer';
import { QUESTION_LIMITS as Q } from '../rules/questions';

/** Practice sessions, a free learner's daily allowance and bookmarks. */

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

export const practiceStart = z
  .strictObject({
    bankId: z.uuid(),
    /** Empty: every topic. */
    topics: z.array(z.string().trim().min(1).max(Q.topicMax)).max(50).default([]),
    /** Empty: every difficulty. */
    difficulties: z
      .array(z.number().int().min(Q.difficultyMin).max(Q.difficultyMax))
      .max(Q.difficultyMax)
      .default([]),
  })
  .meta({
    examples: [
      {
        bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
        topics: ['Capitals'],
        difficulties: [1, 2],
      },
    ],
  });
export type PracticeStart = z.input<typeof practiceStart>;

export const practiceSession = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  bankTitle: z.string(),
  topics: z.array(z.string()),
  difficulties: z.array(z.number().int()),
  createdAt: isoDate,
  /** When the learner finished the session; from then on it takes no answers. Null while open. */
  finishedAt: isoDate.nullable(),
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
  /** The passage the question refers to, as it was when drawn. */
  passage: learnerPassage.nullable().default(null),
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

export const practiceSessionParams = z.strictObject({ sessionId: ids.practiceSession });
export const practiceItemParams = z.strictObject({
  sessionId: ids.practiceSession,
  itemId: ids.practiceItem,
});

export const practiceAnswerResult = z.object({
  item: practiceItem,
  session: practiceSession,
});
export type PracticeAnswerResult = z.infer<typeof practiceAnswerResult>;

/** What a session came to, when the learner finishes it (early or after the last question). */
export const practiceSummary = z.object({
  session: practiceSession,
  /** Answered and right per topic, in the order the topics were first met. */
  topics: z.array(
    z.object({ topic: z.string(), answered: z.number().int(), correct: z.number().int() }),
  ),
  /** Every question answered here and when its review card falls due next, soonest first. */
  reviews: z.array(
    z.object({
      questionId: z.uuid(),
      topic: z.string(),
      /** The first part of the stem, as Markdown. */
      excerpt: z.string(),
      /** What the answer earned, for its verdict on the one scale (`verdictOf`). */
      points: z.number(),
      maxPoints: z.number(),
      due: isoDate,
    }),
  ),
});
export type PracticeSummary = z.infer<typeof practiceSummary>;

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
export const bookmarkBody = z
  .strictObject({ bookmarked: z.boolean() })
  .meta({ examples: [{ bookmarked: true }] });
export const bookmarkParams = z.strictObject({ questionId: ids.question });
