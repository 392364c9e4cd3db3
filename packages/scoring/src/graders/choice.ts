import {
  fraction,
  invalid,
  type AnswerOf,
  type ContentOf,
  type OptionFeedback,
  type PartialGrade,
} from '../result';

const optionFeedback = (
  options: ContentOf<'single_choice' | 'multiple_response'>['options'],
  chosen: ReadonlySet<string>,
): OptionFeedback[] =>
  options.map((o) => ({ optionId: o.id, chosen: chosen.has(o.id), correct: o.correct }));

/**
 * single_choice — all or nothing: score 1 when the chosen option is the correct one, else 0.
 * An option id the question does not have is an invalid answer, not a wrong one: the client
 * can only offer the question's own options, so it signals a bug or a stale question version.
 */
export const gradeSingleChoice = (
  content: ContentOf<'single_choice'>,
  answer: AnswerOf<'single_choice'>,
): PartialGrade => {
  const chosen = content.options.find((o) => o.id === answer.optionId);
  if (!chosen) return invalid(['optionId'], `unknown option "${answer.optionId}"`);
  return {
    score: chosen.correct ? 1 : 0,
    feedback: {
      type: 'single_choice',
      options: optionFeedback(content.options, new Set([answer.optionId])),
    },
  };
};

/**
 * multiple_response — with C correct and W wrong options in the question:
 *   score = max(0, (correct options chosen) / C − (wrong options chosen) / W)
 * so each correct option chosen earns 1/C and each wrong one chosen costs 1/W; when W = 0 there is
 * nothing to penalise. Choosing every option therefore scores 0 (when W > 0), which is what stops
 * "tick everything" from paying. `correct` only at score 1: all correct options and no wrong one.
 * Unknown option ids are an invalid answer; an empty selection is valid and scores 0.
 */
export const gradeMultipleResponse = (
  content: ContentOf<'multiple_response'>,
  answer: AnswerOf<'multiple_response'>,
): PartialGrade => {
  const byId = new Map(content.options.map((o) => [o.id, o]));
  const unknownAt = answer.optionIds.findIndex((id) => !byId.has(id));
  if (unknownAt >= 0) {
    return invalid(['optionIds', unknownAt], `unknown option "${answer.optionIds[unknownAt]}"`);
  }
  const correctTotal = content.options.filter((o) => o.correct).length;
  const wrongTotal = content.options.length - correctTotal;
  const chosen = answer.optionIds.flatMap((id) => byId.get(id) ?? []);
  const hits = chosen.filter((o) => o.correct).length;
  const misses = chosen.length - hits;
  // Each part is a whole-count fraction, so a perfect answer is exactly 1 − 0 = 1.
  const penalty = wrongTotal > 0 ? misses / wrongTotal : 0;
  return {
    score: Math.max(0, fraction(hits, correctTotal) - penalty),
    feedback: {
      type: 'multiple_response',
      options: optionFeedback(content.options, new Set(answer.optionIds)),
    },
  };
};

/** true_false — all or nothing: score 1 when the value equals the question's answer, else 0. */
export const gradeTrueFalse = (
  content: ContentOf<'true_false'>,
  answer: AnswerOf<'true_false'>,
): PartialGrade => ({
  score: answer.value === content.answer ? 1 : 0,
  feedback: { type: 'true_false', given: answer.value, expected: content.answer },
});
