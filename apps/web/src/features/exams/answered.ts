import type { AnswerInput } from '@questa/contracts';

/**
 * Whether a saved answer says anything. Emptying a text field or unticking every box is saved too
 * (so the server does not keep the old answer), but leaves the question unanswered.
 */
export function isAnswered(answer: AnswerInput | undefined): boolean {
  if (!answer) return false;
  switch (answer.type) {
    case 'short_text':
      return answer.text.trim() !== '';
    case 'multiple_response':
      return answer.optionIds.length > 0;
    case 'matching':
      return answer.pairs.length > 0;
    case 'cloze':
      return answer.blanks.length > 0;
    case 'hotspot':
      return answer.points.length > 0;
    case 'essay':
      return answer.text.trim() !== '';
    default:
      return true;
  }
}
