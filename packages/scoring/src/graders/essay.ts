import { ESSAY_LIMITS, SELF_RATING_SCORE, type SelfRating } from '@questa/contracts';
import type { AnswerFeedback } from '@questa/contracts';
import type { Graded } from '../result';
import type { AnswerOf, ContentOf, PartialGrade } from '../result';

type Essay = ContentOf<'essay'>;

const feedbackOf = (
  content: Essay,
  status: 'awaiting' | 'self_rated' | 'graded',
  rating: SelfRating | null,
): Extract<AnswerFeedback, { type: 'essay' }> => ({
  type: 'essay',
  status,
  rubric: content.rubric,
  modelAnswer: content.modelAnswer,
  rating,
});

/**
 * essay — never scored by a machine: every answer, even an empty one, comes back `awaiting`
 * with no score of its own, until the learner rates it (`selfRatedEssay`) or a grader gives
 * points (`gradedEssay`). The rubric and model answer go with the feedback, because that is
 * what the learner compares with.
 */
export const gradeEssay = (content: Essay, _answer: AnswerOf<'essay'>): PartialGrade => ({
  score: 0,
  awaiting: true,
  feedback: feedbackOf(content, 'awaiting', null),
});

/** The result a learner's own rating gives their essay: a share of its points per rating. */
export const selfRatedEssay = (content: Essay, rating: SelfRating): Graded => {
  const score = SELF_RATING_SCORE[rating];
  return {
    ok: true,
    awaiting: false,
    correct: score === 1,
    score,
    points: score * content.points,
    feedback: feedbackOf(content, 'self_rated', rating),
  };
};

/** Whether `points` is a mark a grader may give an essay worth `maxPoints`. */
export const isGradePoints = (points: number, maxPoints: number): boolean => {
  if (!Number.isFinite(points) || points < 0 || points > maxPoints) return false;
  // The full points are always a valid mark, even when the question is worth an odd fraction.
  if (points === maxPoints) return true;
  const steps = points / ESSAY_LIMITS.pointStep;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
};

/** The result a grader's points give an essay; check them with `isGradePoints` first. */
export const gradedEssay = (content: Essay, points: number): Graded => {
  const score = content.points > 0 ? Math.min(1, Math.max(0, points / content.points)) : 0;
  return {
    ok: true,
    awaiting: false,
    correct: score === 1,
    score,
    points: score * content.points,
    feedback: feedbackOf(content, 'graded', null),
  };
};
