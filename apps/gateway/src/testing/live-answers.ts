import type { AnswerInput, LearnerQuestion } from '@questa/contracts';

/**
 * Some answer of the question's own type, as a hurried player gives it: the first option, the
 * number 1, the order as shown. Right or wrong does not matter to the tests and the bench that use
 * it; that an answer of each live type goes through does.
 */
export function someLiveAnswer(question: LearnerQuestion): AnswerInput {
  switch (question.type) {
    case 'single_choice':
      return { type: 'single_choice', optionId: question.options[0]!.id };
    case 'multiple_response':
      return { type: 'multiple_response', optionIds: [question.options[0]!.id] };
    case 'true_false':
      return { type: 'true_false', value: true };
    case 'numeric':
      return { type: 'numeric', value: 1 };
    case 'short_text':
      return { type: 'short_text', text: 'Paris' };
    case 'ordering':
      return { type: 'ordering', itemIds: question.items.map((item) => item.id) };
    default:
      throw new Error(`not a live question type: ${question.type}`);
  }
}

/**
 * The `n`-th of the answers a choice question allows (its `n`-th option, or true and false in
 * turn), and some answer to any other type: players answering with 0, 1, 2, … between them give
 * the right answer to a choice question, so a test knows someone scored without knowing the key.
 */
export function nthLiveAnswer(question: LearnerQuestion, n: number): AnswerInput {
  if (question.type === 'single_choice') {
    return { type: 'single_choice', optionId: question.options[n % question.options.length]!.id };
  }
  if (question.type === 'true_false') return { type: 'true_false', value: n % 2 === 0 };
  return someLiveAnswer(question);
}
