import { acceptedCredits } from '@questa/contracts/rules';
import { normaliseText } from '../normalise';
import type { AnswerOf, ContentOf, PartialGrade } from '../result';

/**
 * short_text — the typed text is compared with each accepted answer after both are normalised by
 * the question's rules (see `normaliseText`: NFC always; `collapse` trims and folds white space
 * runs; `caseSensitive: false` lower-cases). It scores the credit of the best answer it equals
 * (100 % unless the author gave less, as Moodle's 50 % answers do), else 0. No credit for
 * near-misses: a fuzzy match would quietly accept wrong spellings of technical terms.
 */
export const gradeShortText = (
  content: ContentOf<'short_text'>,
  answer: AnswerOf<'short_text'>,
): PartialGrade => {
  const given = normaliseText(answer.text, content);
  const credits = acceptedCredits(content);
  let best: { text: string; credit: number } | undefined;
  content.accepted.forEach((accepted, i) => {
    const credit = credits[i] ?? 1;
    if (normaliseText(accepted, content) === given && credit > (best?.credit ?? 0)) {
      best = { text: accepted, credit };
    }
  });
  return {
    score: best?.credit ?? 0,
    feedback: {
      type: 'short_text',
      matched: best?.text ?? null,
      ...(best && best.credit < 1 ? { credit: best.credit } : {}),
    },
  };
};
