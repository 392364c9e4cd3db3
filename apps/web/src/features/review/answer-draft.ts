import type { AnswerInput, LearnerQuestion } from '@questa/contracts';

/**
 * What the learner has given so far for one question, including "nothing yet", which the answer
 * contract cannot say. `toAnswer` turns it into the answer to send once it is complete.
 */
export type AnswerDraft =
  | { type: 'single_choice'; optionId: string | null }
  | { type: 'multiple_response'; optionIds: string[] }
  | { type: 'true_false'; value: boolean | null }
  | { type: 'short_text'; text: string }
  | { type: 'numeric'; text: string }
  | { type: 'ordering'; itemIds: string[] }
  /** The answer text chosen for each prompt, by prompt id. */
  | { type: 'matching'; answers: Record<string, string> }
  /** Typed text for text blanks, the option's index for choice blanks, by blank id. */
  | { type: 'cloze'; values: Record<string, string | number> };

export function emptyDraft(question: LearnerQuestion): AnswerDraft {
  switch (question.type) {
    case 'single_choice':
      return { type: 'single_choice', optionId: null };
    case 'multiple_response':
      return { type: 'multiple_response', optionIds: [] };
    case 'true_false':
      return { type: 'true_false', value: null };
    case 'short_text':
      return { type: 'short_text', text: '' };
    case 'numeric':
      return { type: 'numeric', text: '' };
    case 'ordering':
      // The items arrive shuffled: that order is the learner's starting point.
      return { type: 'ordering', itemIds: question.items.map((item) => item.id) };
    case 'matching':
      return { type: 'matching', answers: {} };
    case 'cloze':
      return { type: 'cloze', values: {} };
  }
}

/** A number as typed, with a decimal comma or point; null when it is not one. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  const normalised = trimmed.includes('.') ? trimmed.replace(/,/g, '') : trimmed.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/**
 * The answer to send, or null while something is missing. Every prompt and blank must be
 * answered; "none of these" (no option ticked) is a valid multiple-response answer.
 */
export function toAnswer(question: LearnerQuestion, draft: AnswerDraft): AnswerInput | null {
  switch (draft.type) {
    case 'single_choice':
      return draft.optionId === null ? null : { type: 'single_choice', optionId: draft.optionId };
    case 'multiple_response':
      return { type: 'multiple_response', optionIds: draft.optionIds };
    case 'true_false':
      return draft.value === null ? null : { type: 'true_false', value: draft.value };
    case 'short_text':
      return draft.text.trim() === '' ? null : { type: 'short_text', text: draft.text };
    case 'numeric': {
      const value = parseNumber(draft.text);
      return value === null ? null : { type: 'numeric', value };
    }
    case 'ordering':
      return { type: 'ordering', itemIds: draft.itemIds };
    case 'matching': {
      if (question.type !== 'matching') return null;
      const pairs = question.prompts.map((prompt) => ({
        pairId: prompt.id,
        answer: draft.answers[prompt.id] ?? '',
      }));
      return pairs.every((pair) => pair.answer !== '') ? { type: 'matching', pairs } : null;
    }
    case 'cloze': {
      if (question.type !== 'cloze') return null;
      const blanks = question.blanks.map((blank) => ({
        blankId: blank.id,
        value: draft.values[blank.id] ?? '',
      }));
      const complete = blanks.every(
        (blank) => typeof blank.value === 'number' || blank.value.trim() !== '',
      );
      return complete ? { type: 'cloze', blanks } : null;
    }
  }
}

/** Options a number key can choose, in the order shown: 1 is the first. */
export function numberedChoices(question: LearnerQuestion): string[] {
  if (question.type === 'single_choice' || question.type === 'multiple_response') {
    return question.options.map((option) => option.id);
  }
  if (question.type === 'true_false') return ['true', 'false'];
  return [];
}

/** The draft after pressing number key `n` (1-based), or the same draft when it means nothing. */
export function chooseByNumber(
  question: LearnerQuestion,
  draft: AnswerDraft,
  n: number,
): AnswerDraft {
  const choice = numberedChoices(question)[n - 1];
  if (choice === undefined) return draft;
  if (draft.type === 'single_choice') return { ...draft, optionId: choice };
  if (draft.type === 'true_false') return { ...draft, value: choice === 'true' };
  if (draft.type === 'multiple_response') {
    const chosen = draft.optionIds.includes(choice);
    return {
      ...draft,
      optionIds: chosen
        ? draft.optionIds.filter((id) => id !== choice)
        : numberedChoices(question).filter((id) => id === choice || draft.optionIds.includes(id)),
    };
  }
  return draft;
}
