import { z } from 'zod';
import { imagePoint } from './hotspot';
import { ANSWER_LIMITS, ESSAY_LIMITS, QUESTION_LIMITS } from './rules/questions';

/*
 * What a learner submits for one question, in practice, exams and reviews;
 * the shapes mirror `questionContent` so each answer names the question's own ids.
 *
 * Limits match the question contract (ids up to 40 characters, at most 10 options, items or pairs
 * and 20 blanks) so a request can never be bigger than the question it answers.
 */

const id = z.string().min(1).max(40);
/** Learner text is kept as typed (not trimmed): the grader decides how to normalise it. */
const typed = z.string().max(ANSWER_LIMITS.typedMax);

const unique = (values: readonly string[]) => new Set(values).size === values.length;

export const singleChoiceAnswer = z.strictObject({
  type: z.literal('single_choice'),
  optionId: id,
});

/** An empty list is a valid answer ("none of these"); it simply scores nothing. */
export const multipleResponseAnswer = z
  .strictObject({
    type: z.literal('multiple_response'),
    optionIds: z.array(id).max(10),
  })
  .refine((a) => unique(a.optionIds), {
    path: ['optionIds'],
    error: 'option ids must be unique',
  });

export const trueFalseAnswer = z.strictObject({
  type: z.literal('true_false'),
  value: z.boolean(),
});

export const shortTextAnswer = z.strictObject({
  type: z.literal('short_text'),
  text: typed,
});

/** z.number() refuses NaN and ±Infinity, so a tolerance check can never be fooled by them. */
export const numericAnswer = z.strictObject({
  type: z.literal('numeric'),
  value: z.number(),
  unit: z.string().max(20).optional(),
});

/** Every item of the question, in the learner's order (the grader checks it is a permutation). */
export const orderingAnswer = z
  .strictObject({
    type: z.literal('ordering'),
    itemIds: z.array(id).min(2).max(10),
  })
  .refine((a) => unique(a.itemIds), { path: ['itemIds'], error: 'item ids must be unique' });

/**
 * For each prompt (`pairId`), the answer text the learner chose for it. Text rather than a pair id
 * because two prompts may share one answer text, and then either copy is right. Prompts left out
 * are unanswered and count as wrong.
 */
export const matchingAnswer = z
  .strictObject({
    type: z.literal('matching'),
    pairs: z.array(z.strictObject({ pairId: id, answer: typed })).max(10),
  })
  .refine((a) => unique(a.pairs.map((p) => p.pairId)), {
    path: ['pairs'],
    error: 'pair ids must be unique',
  });

/**
 * For each blank, its value: a string for a `text` blank (as typed), and for a `choice` blank the
 * zero-based index into that blank's authored `options`. An index, not the option text, because
 * authored options may repeat a text and clients shuffle what they show. Blanks left out are
 * unanswered and count as wrong.
 */
export const clozeAnswer = z
  .strictObject({
    type: z.literal('cloze'),
    blanks: z
      .array(z.strictObject({ blankId: id, value: z.union([typed, z.number().int().min(0)]) }))
      .max(20),
  })
  .refine((a) => unique(a.blanks.map((b) => b.blankId)), {
    path: ['blanks'],
    error: 'blank ids must be unique',
  });

/**
 * The learner's markers on a hotspot image, as fractions of its width and height (the question's
 * own coordinates). An empty list is a valid answer that scores nothing.
 */
export const hotspotAnswer = z.strictObject({
  type: z.literal('hotspot'),
  points: z.array(imagePoint).max(QUESTION_LIMITS.hotspotMarkersMax),
});
/** A number for the values the learner was shown, as for numeric. */
export const calculatedAnswer = z.strictObject({
  type: z.literal('calculated'),
  value: z.number(),
  unit: z.string().max(20).optional(),
});
/** The learner's essay as typed; word limits are the author's guidance, not a reason to refuse. */
export const essayAnswer = z.strictObject({
  type: z.literal('essay'),
  text: z.string().max(ESSAY_LIMITS.textMax),
});

export const answerInput = z.discriminatedUnion('type', [
  singleChoiceAnswer,
  multipleResponseAnswer,
  trueFalseAnswer,
  shortTextAnswer,
  numericAnswer,
  orderingAnswer,
  matchingAnswer,
  clozeAnswer,
  hotspotAnswer,
  calculatedAnswer,
  essayAnswer,
]);
export type AnswerInput = z.infer<typeof answerInput>;
