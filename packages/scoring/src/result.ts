import type { AnswerFeedback, AnswerInput, QuestionContent, QuestionType } from '@questa/contracts';

/** The question content and learner answer of one type, for the per-type graders. */
export type ContentOf<T extends QuestionType> = Extract<QuestionContent, { type: T }>;
export type AnswerOf<T extends QuestionType> = Extract<AnswerInput, { type: T }>;

/** Per-part details, so a client can mark each option, item, prompt or blank (the contract's shape). */
export type Feedback = AnswerFeedback;
export type OptionFeedback = Extract<AnswerFeedback, { type: 'single_choice' }>['options'][number];

export interface Graded {
  ok: true;
  /** True only when the answer is entirely right (score 1). */
  correct: boolean;
  /** 0..1, partial credit per the type's rules. */
  score: number;
  /** score × the question's points. */
  points: number;
  feedback: Feedback;
  /**
   * True for an answer a person must score (an essay): then `score` and `points` are 0 only as
   * placeholders, and nothing should count them as a wrong answer.
   */
  awaiting: boolean;
}

export type GradeError =
  | {
      code: 'answer.type_mismatch';
      message: string;
      expected: QuestionType;
      received: string;
    }
  | {
      /** Malformed, or refers to options, items, prompts or blanks the question does not have. */
      code: 'answer.invalid';
      message: string;
      issues: { path: (string | number)[]; message: string }[];
    }
  | {
      /** A calculated question graded without the values it was presented with: a caller's bug. */
      code: 'answer.instance_missing';
      message: string;
    };

export type GradeResult = Graded | { ok: false; error: GradeError };

/** What a per-type grader returns; `grade` adds `points` and `ok`. */
export type PartialGrade =
  { score: number; feedback: Feedback; awaiting?: true } | { error: GradeError };

export const invalid = (path: (string | number)[], message: string): { error: GradeError } => ({
  error: { code: 'answer.invalid', message, issues: [{ path, message }] },
});

/** Fractions are computed from whole counts, so a perfect answer is exactly 1, never 0.999…. */
export const fraction = (right: number, total: number): number =>
  total > 0 ? Math.min(1, Math.max(0, right / total)) : 0;
