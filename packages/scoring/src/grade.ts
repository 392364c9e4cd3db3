import type { QuestionContent } from '@questa/contracts';
import type { CalculatedValues } from '@questa/contracts/rules';
import { answerInput, type AnswerInput } from '@questa/contracts';
import { gradeMultipleResponse, gradeSingleChoice, gradeTrueFalse } from './graders/choice';
import { gradeCalculated } from './graders/calculated';
import { gradeCloze } from './graders/cloze';
import { gradeHotspot } from './graders/hotspot';
import { gradeEssay } from './graders/essay';
import { gradeMatching } from './graders/matching';
import { gradeNumeric } from './graders/numeric';
import { gradeOrdering } from './graders/ordering';
import { gradeShortText } from './graders/short-text';
import type { GradeError, GradeResult, PartialGrade } from './result';

const mismatch = (content: QuestionContent, received: string): GradeError => ({
  code: 'answer.type_mismatch',
  message: `a ${content.type} question cannot take a ${received} answer`,
  expected: content.type,
  received,
});

/** Pairs each question type with its grader; the double check lets TypeScript narrow both. */
const route = (
  content: QuestionContent,
  answer: AnswerInput,
  values: CalculatedValues | undefined,
): PartialGrade => {
  const c = content;
  const a = answer;
  if (c.type === 'single_choice' && a.type === 'single_choice') return gradeSingleChoice(c, a);
  if (c.type === 'multiple_response' && a.type === 'multiple_response') {
    return gradeMultipleResponse(c, a);
  }
  if (c.type === 'true_false' && a.type === 'true_false') return gradeTrueFalse(c, a);
  if (c.type === 'short_text' && a.type === 'short_text') return gradeShortText(c, a);
  if (c.type === 'numeric' && a.type === 'numeric') return gradeNumeric(c, a);
  if (c.type === 'ordering' && a.type === 'ordering') return gradeOrdering(c, a);
  if (c.type === 'matching' && a.type === 'matching') return gradeMatching(c, a);
  if (c.type === 'cloze' && a.type === 'cloze') return gradeCloze(c, a);
  if (c.type === 'hotspot' && a.type === 'hotspot') return gradeHotspot(c, a);
  if (c.type === 'calculated' && a.type === 'calculated') return gradeCalculated(c, a, values);
  if (c.type === 'essay' && a.type === 'essay') return gradeEssay(c, a);
  return { error: mismatch(content, answer.type) };
};

/**
 * Grades one answer against one question version. Never throws: an answer of another type, a
 * malformed one (it is re-checked against `answerInput`, because answers arrive from clients and
 * stored JSON) or one naming options the question lacks comes back as `{ ok: false, error }`.
 * `content` is trusted: it was validated by `questionContent` when it was authored.
 * `values` are the variables a calculated question was presented with (see `presentedValues`);
 * other types ignore them.
 */
export const grade = (
  content: QuestionContent,
  answer: AnswerInput,
  values?: CalculatedValues,
): GradeResult => {
  const received: unknown =
    typeof answer === 'object' && answer !== null ? (answer as { type?: unknown }).type : undefined;
  if (typeof received === 'string' && received !== content.type) {
    return { ok: false, error: mismatch(content, received) };
  }
  const parsed = answerInput.safeParse(answer);
  if (!parsed.success) {
    return {
      ok: false,
      error: {
        code: 'answer.invalid',
        message: 'the answer is malformed',
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
          message: issue.message,
        })),
      },
    };
  }
  const result = route(content, parsed.data, values);
  if ('error' in result) return { ok: false, error: result.error };
  return {
    ok: true,
    correct: result.score === 1,
    score: result.score,
    points: result.score * content.points,
    feedback: result.feedback,
    awaiting: result.awaiting === true,
  };
};
