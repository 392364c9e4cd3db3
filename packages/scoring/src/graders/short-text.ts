import { normaliseText } from '../normalise';
import type { AnswerOf, ContentOf, PartialGrade } from '../result';

/**
 * short_text — all or nothing: score 1 when the typed text equals any accepted answer after both
 * are normalised by the question's rules (see `normaliseText`: NFC always; `collapse` trims and
 * folds white space runs; `caseSensitive: false` lower-cases), else 0. No partial credit for
 * near-misses: a fuzzy match would quietly accept wrong spellings of technical terms.
 */
export const gradeShortText = (
  content: ContentOf<'short_text'>,
  answer: AnswerOf<'short_text'>,
): PartialGrade => {
  const given = normaliseText(answer.text, content);
  const matched = content.accepted.find((accepted) => normaliseText(accepted, content) === given);
  return {
    score: matched === undefined ? 0 : 1,
    feedback: { type: 'short_text', matched: matched ?? null },
  };
};
