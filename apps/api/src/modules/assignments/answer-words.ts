import type { AnswerInput, QuestionContent } from '@questa/contracts';

/** An answer as a teacher reads it in the analysis: option texts rather than option ids. */
export function answerWords(content: QuestionContent, answer: AnswerInput): string {
  const optionText = (id: string) =>
    'options' in content && Array.isArray(content.options)
      ? ((content.options as { id: string; text: string }[]).find((option) => option.id === id)
          ?.text ?? id)
      : id;
  switch (answer.type) {
    case 'single_choice':
      return optionText(answer.optionId);
    case 'multiple_response':
      return answer.optionIds.length === 0 ? '(none)' : answer.optionIds.map(optionText).join(', ');
    case 'true_false':
      return answer.value ? 'True' : 'False';
    case 'short_text':
      return answer.text.trim();
    case 'numeric':
      return answer.unit ? `${answer.value} ${answer.unit}` : String(answer.value);
    default:
      return JSON.stringify(answer);
  }
}
