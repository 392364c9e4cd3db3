import { hasCredits, optionCredits, positiveCredit } from '@questa/contracts/rules';
import {
  fraction,
  invalid,
  type AnswerOf,
  type ContentOf,
  type OptionFeedback,
  type PartialGrade,
} from '../result';

/** Marks every option; the author's feedback comes only with the options the learner chose. */
const optionFeedback = (
  options: ContentOf<'single_choice' | 'multiple_response'>['options'],
  chosen: ReadonlySet<string>,
): OptionFeedback[] =>
  options.map((o) => {
    const marks = { optionId: o.id, chosen: chosen.has(o.id), correct: o.correct };
    return marks.chosen && o.feedback !== undefined ? { ...marks, feedback: o.feedback } : marks;
  });

/**
 * single_choice — the chosen option's credit, floored at 0 as Moodle does: 1 for the correct
 * option, 0 for any other unless the author gave it partial credit.
 * An option id the question does not have is an invalid answer, not a wrong one: the client
 * can only offer the question's own options, so it signals a bug or a stale question version.
 */
export const gradeSingleChoice = (
  content: ContentOf<'single_choice'>,
  answer: AnswerOf<'single_choice'>,
): PartialGrade => {
  const at = content.options.findIndex((o) => o.id === answer.optionId);
  if (at < 0) return invalid(['optionId'], `unknown option "${answer.optionId}"`);
  const credit = optionCredits('single_choice', content.options)[at] ?? 0;
  return {
    score: Math.min(1, Math.max(0, credit)),
    feedback: {
      type: 'single_choice',
      options: optionFeedback(content.options, new Set([answer.optionId])),
    },
  };
};

/**
 * multiple_response with credits — Moodle's rule: the sum of the chosen options' credits, clamped
 * to 0..1. Positive credits are taken as shares of their own sum, so thirds written as 0.3333333
 * add up to exactly 1 when every correct option is chosen (Moodle counts 0.9999999 as right too).
 */
const creditedScore = (
  options: ContentOf<'multiple_response'>['options'],
  chosen: ReadonlySet<string>,
): number => {
  const credits = optionCredits('multiple_response', options);
  const total = positiveCredit(credits);
  const picked = credits.filter((_, i) => chosen.has(options[i]?.id ?? ''));
  const earned = positiveCredit(picked) / total;
  const lost = picked.reduce((sum, c) => sum + Math.min(0, c), 0);
  return Math.min(1, Math.max(0, earned + lost));
};

/**
 * multiple_response without credits — with C correct and W wrong options in the question:
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
  if (hasCredits(content.options)) {
    return {
      score: creditedScore(content.options, new Set(answer.optionIds)),
      feedback: {
        type: 'multiple_response',
        options: optionFeedback(content.options, new Set(answer.optionIds)),
      },
    };
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
