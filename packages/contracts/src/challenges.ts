import { z } from 'zod';
import { answerInput } from './answer';
import { answerFeedback, learnerQuestion } from './learning/learner-question';
import { isoDate } from './learning/shared';
import { learnerPassage } from './passage';

/**
 * A challenge assignment played at one's own pace (decision 0035): one question at a time, each
 * timed by the server from the moment it was served, scored as a live room scores.
 */
const challengeId = z.uuid({ error: 'must be a challenge id' }).meta({
  description:
    'One attempt at a challenge assignment: `POST /assignments/{assignmentId}/start` gives it ' +
    'as `practiceSessionId`.',
  example: '6e7f8091-a2b3-4c4d-9e5f-6a7b8c9d0e1f',
});
export const challengeParams = z.strictObject({ challengeId });
export const challengeItemParams = z.strictObject({
  challengeId,
  itemId: z.uuid({ error: 'must be a question id of the challenge' }).meta({
    description: 'The question being played, as the challenge served it (`item.id`).',
  }),
});

export const challengeAnswerRequest = z.strictObject({ answer: answerInput });

/** How one question went: answered in time (right or wrong), or not answered before the timer. */
export const challengeOutcome = z.object({
  correct: z.boolean(),
  /** The timer ran out before an answer came. */
  timedOut: z.boolean(),
  /** Live points: speed and the streak bonus for a right answer, nothing for a wrong one. */
  points: z.number().int().nonnegative(),
  /** Right answers in a row after this one. */
  streak: z.number().int().nonnegative(),
  /** Milliseconds from serving to the answer, by the server's clock; null when timed out. */
  elapsedMs: z.number().int().nonnegative().nullable(),
  feedback: answerFeedback.nullable(),
  correctAnswer: answerInput.nullable(),
});
export type ChallengeOutcome = z.infer<typeof challengeOutcome>;

export const challengeQuestion = z.object({
  id: z.uuid(),
  /** 1-based. */
  position: z.number().int().positive(),
  question: learnerQuestion,
  passage: learnerPassage.nullable(),
  /** When the server served it: the timer counts from here, reloads included. */
  servedAt: isoDate,
  /** Milliseconds left by the server's clock when this answer was made; 0 once it ran out. */
  remainingMs: z.number().int().nonnegative(),
  answer: answerInput.nullable(),
  /** Set once answered or timed out. */
  outcome: challengeOutcome.nullable(),
});
export type ChallengeQuestion = z.infer<typeof challengeQuestion>;

export const challengeState = z.object({
  id: z.uuid(),
  assignmentId: z.uuid(),
  title: z.string(),
  questionCount: z.number().int().positive(),
  /** Each question's timer with the learner's extra time, in milliseconds. */
  limitMs: z.number().int().positive(),
  /** The question being played, or the last one played; null before the first is served. */
  current: challengeQuestion.nullable(),
  /** Live points so far. */
  points: z.number().int().nonnegative(),
  streak: z.number().int().nonnegative(),
  finishedAt: isoDate.nullable(),
});
export type ChallengeState = z.infer<typeof challengeState>;

/** The end of an attempt: points, right answers, and the place among the class's attempts. */
export const challengeSummary = z.object({
  id: z.uuid(),
  assignmentId: z.uuid(),
  title: z.string(),
  questionCount: z.number().int().positive(),
  correct: z.number().int().nonnegative(),
  points: z.number().int().nonnegative(),
  /** The most the questions could give: every answer right, instant, with the streak bonus. */
  maxPoints: z.number().int().nonnegative(),
  /** The score the gradebook keeps, 0..1, after any late penalty; null while unfinished. */
  score: z.number().nullable(),
  late: z.boolean(),
  /** 1 for the most points among the class's finished attempts so far; null while unfinished. */
  rank: z.number().int().positive().nullable(),
  /** Finished attempts of the class's learners so far, this one included. */
  finishedAttempts: z.number().int().nonnegative(),
  finishedAt: isoDate.nullable(),
});
export type ChallengeSummary = z.infer<typeof challengeSummary>;
