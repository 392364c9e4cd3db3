import type { QuestionContent, QuestionType } from '@questa/contracts';
import type { AnswerInput } from './answer';

/** The question content and learner answer of one type, for the per-type graders. */
export type ContentOf<T extends QuestionType> = Extract<QuestionContent, { type: T }>;
export type AnswerOf<T extends QuestionType> = Extract<AnswerInput, { type: T }>;

/** One option of a choice question: whether the learner picked it and whether it is right. */
export interface OptionFeedback {
  optionId: string;
  chosen: boolean;
  correct: boolean;
}

/** Per-part details, so a client can mark each option, item, prompt or blank. */
export type Feedback =
  | { type: 'single_choice'; options: OptionFeedback[] }
  | { type: 'multiple_response'; options: OptionFeedback[] }
  | { type: 'true_false'; given: boolean; expected: boolean }
  | {
      type: 'short_text';
      /** The accepted answer it matched, as authored. */ matched: string | null;
    }
  | {
      type: 'numeric';
      expected: number;
      tolerance: number;
      unit: string | null;
      difference: number;
      withinTolerance: boolean;
      unitAccepted: boolean;
    }
  | {
      type: 'ordering';
      items: { itemId: string; position: number; correctPosition: number }[];
      pairsInOrder: number;
      pairs: number;
    }
  | {
      type: 'matching';
      pairs: { pairId: string; given: string | null; expected: string; correct: boolean }[];
    }
  | {
      type: 'cloze';
      blanks: {
        blankId: string;
        given: string | number | null;
        /** The first accepted text, or the correct option's text: what to show as the answer. */
        expected: string;
        correct: boolean;
      }[];
    };

export interface Graded {
  ok: true;
  /** True only when the answer is entirely right (score 1). */
  correct: boolean;
  /** 0..1, partial credit per the type's rules. */
  score: number;
  /** score × the question's points. */
  points: number;
  feedback: Feedback;
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
    };

export type GradeResult = Graded | { ok: false; error: GradeError };

/** What a per-type grader returns; `grade` adds `points` and `ok`. */
export type PartialGrade = { score: number; feedback: Feedback } | { error: GradeError };

export const invalid = (path: (string | number)[], message: string): { error: GradeError } => ({
  error: { code: 'answer.invalid', message, issues: [{ path, message }] },
});

/** Fractions are computed from whole counts, so a perfect answer is exactly 1, never 0.999…. */
export const fraction = (right: number, total: number): number =>
  total > 0 ? Math.min(1, Math.max(0, right / total)) : 0;
