import { questionContent, type QuestionContent, type QuestionType } from '@questa/contracts';

/** Test-only: builds question content through the real contract, so defaults and checks apply. */
export const question = <T extends QuestionType>(
  type: T,
  fields: Record<string, unknown>,
): Extract<QuestionContent, { type: T }> =>
  questionContent.parse({
    stem: type === 'cloze' ? 'Fill {{a}} and {{b}} and {{c}}' : 'Question?',
    topic: 'testing',
    difficulty: 2,
    ...fields,
    type,
  }) as Extract<QuestionContent, { type: T }>;
