import { z } from 'zod';
import { isoDate, id } from './shared';
import { answerInput } from '../answer';
import { hotspotImage, hotspotRegion, imagePoint } from '../hotspot';
import { QUESTION_LIMITS as Q, essayStatuses, selfRatings } from '../rules/questions';

/** Questions as a learner meets them, without their keys, and the feedback a graded answer brings. */

/* ---------- Questions as a learner sees them: no keys ---------- */

const learnerCommon = {
  stem: z.string(),
  topic: z.string(),
  difficulty: z.number().int().min(Q.difficultyMin).max(Q.difficultyMax),
  points: z.number(),
  media: z.array(z.string()),
  /** The author's hints, for the learner to open one by one before answering; absent when none. */
  hints: z.array(z.string()).optional(),
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
  /** The image to place markers on, and how many; the regions stay hidden until graded. */
  z.object({
    ...learnerCommon,
    type: z.literal('hotspot'),
    image: hotspotImage,
    markers: z.number().int(),
  }),
  /**
   * The stem with this presentation's values filled in; never the formula. `values` are the same
   * numbers, kept so the server grades, and every later view shows, this very instance.
   */
  z.object({
    ...learnerCommon,
    type: z.literal('calculated'),
    unit: z.string().nullable(),
    values: z.record(z.string(), z.number()),
  }),
  z.object({
    ...learnerCommon,
    type: z.literal('essay'),
    minWords: z.number().int().nullable(),
    maxWords: z.number().int().nullable(),
  }),
]);
export type LearnerQuestion = z.infer<typeof learnerQuestion>;

/* ---------- Grading feedback ---------- */

const optionFeedback = z.object({
  optionId: z.string(),
  chosen: z.boolean(),
  correct: z.boolean(),
  /** The author's feedback on this option, sent only for options the learner chose. */
  feedback: z.string().optional(),
});

/** Per-part feedback so a client can mark each option, item, prompt or blank. */
export const answerFeedback = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single_choice'), options: z.array(optionFeedback) }),
  z.object({ type: z.literal('multiple_response'), options: z.array(optionFeedback) }),
  z.object({ type: z.literal('true_false'), given: z.boolean(), expected: z.boolean() }),
  z.object({
    type: z.literal('short_text'),
    matched: z.string().nullable(),
    /** The matched answer's credit, given only when it is worth less than full marks. */
    credit: z.number().optional(),
  }),
  z.object({
    type: z.literal('numeric'),
    /** The key: the answer learners are shown, and its tolerance. */
    expected: z.number(),
    tolerance: z.number(),
    unit: z.string().nullable(),
    /** From the key. */
    difference: z.number(),
    /** Within the tolerance of the key or of another accepted answer. */
    withinTolerance: z.boolean(),
    unitAccepted: z.boolean(),
    /** The best accepted answer's credit, given only when it is worth less than full marks. */
    credit: z.number().optional(),
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
  z.object({
    type: z.literal('hotspot'),
    /** The image with its correct regions, so the result can draw them under the markers. */
    image: hotspotImage,
    regions: z.array(z.object({ region: hotspotRegion, hit: z.boolean() })),
    /**
     * Each marker: `hit` counted for the correct region `regionId`; `repeat` lies in correct regions
     * that other markers already counted for; `miss` lies in none and cancels one hit.
     */
    points: z.array(
      imagePoint.extend({
        outcome: z.enum(['hit', 'repeat', 'miss']),
        regionId: z.string().nullable(),
      }),
    ),
  }),
  /** As numeric, for the values the learner was shown. */
  z.object({
    type: z.literal('calculated'),
    expected: z.number(),
    tolerance: z.number(),
    unit: z.string().nullable(),
    difference: z.number(),
    withinTolerance: z.boolean(),
    unitAccepted: z.boolean(),
    values: z.record(z.string(), z.number()),
  }),
  z.object({
    type: z.literal('essay'),
    /**
     * `awaiting`: nobody has scored it yet (not a zero); `self_rated`: the learner rated it in
     * practice or review; `graded`: a grader gave points in an exam.
     */
    status: z.enum(essayStatuses),
    rubric: z.string(),
    modelAnswer: z.string(),
    rating: z.enum(selfRatings).nullable(),
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

export const answerBody = z
  .strictObject({ answer: answerInput })
  .meta({ examples: [{ answer: { type: 'single_choice', optionId: 'a' } }] });

export const selfRatingBody = z
  .strictObject({ rating: z.enum(selfRatings) })
  .meta({ examples: [{ rating: 'partly' }] });
