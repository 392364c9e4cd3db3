import type { AnswerInput, LearnerQuestion } from '@questa/contracts';
import type { Translate } from '../../lib/i18n';

/**
 * An answer in words, one line per part, as the learner saw the question: option texts rather
 * than ids, "prompt → answer" for matching, a blank's number and value for cloze. Lines may hold
 * inline Markdown, since option texts do.
 */
export function describeAnswer(
  t: Translate,
  question: LearnerQuestion,
  answer: AnswerInput,
): string[] {
  switch (answer.type) {
    case 'single_choice':
      return [optionText(question, answer.optionId)];
    case 'multiple_response':
      return answer.optionIds.length === 0
        ? [t('review.answer.noneChosen')]
        : answer.optionIds.map((id) => optionText(question, id));
    case 'true_false':
      return [answer.value ? t('review.answer.true') : t('review.answer.false')];
    case 'short_text':
      return [answer.text];
    case 'numeric': {
      const unit = answer.unit ?? (question.type === 'numeric' ? question.unit : null);
      return [unit ? `${answer.value} ${unit}` : String(answer.value)];
    }
    case 'ordering': {
      const items = question.type === 'ordering' ? question.items : [];
      return answer.itemIds.map(
        (id, index) => `${index + 1}. ${items.find((item) => item.id === id)?.text ?? id}`,
      );
    }
    case 'matching': {
      const prompts = question.type === 'matching' ? question.prompts : [];
      return answer.pairs.map(
        (pair) =>
          `${prompts.find((prompt) => prompt.id === pair.pairId)?.prompt ?? pair.pairId} → ${pair.answer}`,
      );
    }
    case 'cloze': {
      const blanks = question.type === 'cloze' ? question.blanks : [];
      return answer.blanks.map((given) => {
        const index = blanks.findIndex((blank) => blank.id === given.blankId);
        const blank = blanks[index];
        const value =
          typeof given.value === 'number' && blank?.kind === 'choice'
            ? (blank.options[given.value] ?? String(given.value))
            : String(given.value);
        return t('review.answer.blank', { n: index + 1, value });
      });
    }
  }
}

function optionText(question: LearnerQuestion, optionId: string): string {
  const options =
    question.type === 'single_choice' || question.type === 'multiple_response'
      ? question.options
      : [];
  return options.find((option) => option.id === optionId)?.text ?? optionId;
}
