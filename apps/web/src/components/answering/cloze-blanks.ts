import type { LearnerQuestion } from '@questa/contracts';

/**
 * What each blank shows in the stem: its number, which labels its field below. Apart from the
 * cloze widget, so a stem can number its blanks before that widget's chunk has arrived.
 */
export function blankNumbers(
  question: Extract<LearnerQuestion, { type: 'cloze' }>,
): Record<string, string> {
  return Object.fromEntries(question.blanks.map((blank, index) => [blank.id, `(${index + 1})`]));
}
