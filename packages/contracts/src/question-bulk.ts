import { z } from 'zod';
import { questionListQuery } from './authoring';
import { ids } from './ids';
import {
  QUESTION_BULK_MAX,
  questionBulkActions,
  questionBulkSkipReasons,
} from './rules/question-bulk';

/** The list filters a bulk action or a count can select by, as the list takes them. */
export const questionSelection = questionListQuery.pick({
  q: true,
  topic: true,
  tag: true,
  type: true,
  difficulty: true,
  status: true,
});
export type QuestionSelection = z.infer<typeof questionSelection>;

export const questionCountQuery = questionListQuery.omit({ cursor: true, limit: true });
export const questionCount = z.object({ count: z.number().int().nonnegative() });
export type QuestionCount = z.infer<typeof questionCount>;

export const questionBulk = z
  .strictObject({
    action: z.enum(questionBulkActions).meta({
      description:
        'Submit drafts for review, publish questions in review, retire published ones, move questions to another bank of the tenant, or delete drafts that were never published.',
    }),
    questionIds: z
      .array(ids.question)
      .min(1)
      .max(QUESTION_BULK_MAX, {
        error: `at most ${QUESTION_BULK_MAX} questions per request; send fewer, or a narrower \`matching\` filter`,
      })
      .optional()
      .meta({ description: 'The questions to act on; give this or `matching`.' }),
    matching: questionSelection.optional().meta({
      description: `Every question of the bank that passes these list filters (\`{}\` for all), at most ${QUESTION_BULK_MAX}; give this or \`questionIds\`.`,
    }),
    targetBankId: ids.bank
      .optional()
      .meta({ description: 'For `move` only: a bank of the same tenant.' }),
  })
  .refine((body) => (body.questionIds === undefined) !== (body.matching === undefined), {
    error: 'give either questionIds or matching',
    path: ['questionIds'],
  })
  .refine((body) => (body.action === 'move') === (body.targetBankId !== undefined), {
    error: 'is required to move questions, and for move only',
    path: ['targetBankId'],
  })
  .meta({
    examples: [
      { action: 'publish', questionIds: ['3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d'] },
      { action: 'submit', matching: { status: 'draft', topic: 'Rivers' } },
    ],
  });
export type QuestionBulk = z.infer<typeof questionBulk>;

export const questionBulkResult = z.object({
  action: z.enum(questionBulkActions),
  /** The questions the action changed. */
  done: z.array(z.uuid()),
  /** The questions left as they were, each with why. */
  skipped: z.array(
    z.object({
      questionId: z.uuid(),
      reason: z.enum(questionBulkSkipReasons),
      detail: z.string(),
    }),
  ),
});
export type QuestionBulkResult = z.infer<typeof questionBulkResult>;
