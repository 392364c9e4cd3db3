import { instantiate, type CalculatedValues } from '@questa/contracts/rules';
import type { AnswerOf, ContentOf, PartialGrade } from '../result';
import { gradeNumeric } from './numeric';

/**
 * calculated — numeric grading against the answer for the values the learner was shown (the
 * formula's value rounded to the question's answer decimals, so the revealed answer always
 * scores), with the tolerance made absolute for that answer when the author chose a relative one.
 */
export const gradeCalculated = (
  content: ContentOf<'calculated'>,
  answer: AnswerOf<'calculated'>,
  values: CalculatedValues | undefined,
): PartialGrade => {
  const instance = values ? instantiate(content, values) : null;
  if (!instance) {
    return {
      error: {
        code: 'answer.instance_missing',
        message: 'a calculated question is graded with the values it was shown with',
      },
    };
  }
  const graded = gradeNumeric(
    {
      ...content,
      type: 'numeric',
      stem: instance.stem,
      value: instance.answer,
      tolerance: instance.tolerance,
    },
    { ...answer, type: 'numeric' },
  );
  if ('error' in graded || graded.feedback.type !== 'numeric') return graded;
  return {
    score: graded.score,
    feedback: { ...graded.feedback, type: 'calculated', values: instance.values },
  };
};
