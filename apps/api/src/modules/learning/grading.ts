import type { AnswerInput, CardSchedule, GradedAnswer, QuestionContent } from '@questa/contracts';
import type { CalculatedValues } from '@questa/contracts/rules';
import { HttpProblem } from '@questa/http-kit';
import { correctAnswer, grade, type Graded } from '@questa/scoring';

/**
 * Grades an answer, refusing one that does not fit the question (another type, or options,
 * items or blanks the question lacks) with `validation.failed` and the offending fields.
 * `values` are those a calculated question was presented with.
 */
export function gradeOrRefuse(
  content: QuestionContent,
  answer: AnswerInput,
  values: CalculatedValues | undefined,
): Graded {
  const result = grade(content, answer, values);
  if (result.ok) return result;
  // Not the learner's fault: the presentation lost its values.
  if (result.error.code === 'answer.instance_missing') throw new Error(result.error.message);
  const issues =
    result.error.code === 'answer.invalid'
      ? result.error.issues
      : [{ path: ['type'], message: result.error.message }];
  throw new HttpProblem('validation.failed', {
    detail: 'This answer does not fit the question.',
    errors: issues.map((issue) => ({
      field: ['answer', ...issue.path].join('.'),
      message: issue.message,
    })),
  });
}

/** What the learner sees after answering: the result, the key and the explanation. */
export const gradedAnswer = (
  content: QuestionContent,
  graded: Graded,
  card: CardSchedule,
  values: CalculatedValues | undefined,
): GradedAnswer => ({
  correct: graded.correct,
  score: graded.score,
  points: graded.points,
  maxPoints: content.points,
  feedback: graded.feedback,
  correctAnswer: correctAnswer(content, values),
  explanation: content.explanation,
  card,
});
