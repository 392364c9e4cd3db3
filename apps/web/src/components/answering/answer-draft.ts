import type { AnswerInput, LearnerQuestion } from '@questa/contracts';

/**
 * What a learner has put into an answer form so far. Unlike `AnswerInput` it can hold an answer on
 * its way (nothing chosen yet, a number half typed), so every keystroke has a place to live.
 */
export type AnswerDraft =
  | { type: 'single_choice'; optionId: string | null }
  | { type: 'multiple_response'; optionIds: string[] }
  | { type: 'true_false'; value: boolean | null }
  | { type: 'short_text'; text: string }
  | { type: 'numeric'; text: string }
  | { type: 'ordering'; itemIds: string[] }
  /** Prompt id → the chosen answer text; '' for none. */
  | { type: 'matching'; pairs: Record<string, string> }
  /** Blank id → typed text, or the index of a choice blank's option; '' for none. */
  | { type: 'cloze'; blanks: Record<string, string | number> }
  /** Markers on the image, as fractions of its width and height, in the order placed. */
  | { type: 'hotspot'; points: { x: number; y: number }[] }
  | { type: 'calculated'; text: string }
  | { type: 'essay'; text: string };

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
      // The server sends the items shuffled; that order is where the learner starts.
      return { type: 'ordering', itemIds: question.items.map((item) => item.id) };
    case 'matching':
      return { type: 'matching', pairs: {} };
    case 'cloze':
      return { type: 'cloze', blanks: {} };
    case 'hotspot':
      return { type: 'hotspot', points: [] };
    case 'calculated':
      return { type: 'calculated', text: '' };
    case 'essay':
      return { type: 'essay', text: '' };
  }
}

/** The form filled in with an answer given before (a reload, a saved exam response). */
export function draftFromAnswer(
  question: LearnerQuestion,
  answer: AnswerInput | null | undefined,
): AnswerDraft {
  if (!answer || answer.type !== question.type) return emptyDraft(question);
  switch (answer.type) {
    case 'single_choice':
      return { type: 'single_choice', optionId: answer.optionId };
    case 'multiple_response':
      return { type: 'multiple_response', optionIds: [...answer.optionIds] };
    case 'true_false':
      return { type: 'true_false', value: answer.value };
    case 'short_text':
      return { type: 'short_text', text: answer.text };
    case 'numeric':
      return { type: 'numeric', text: String(answer.value) };
    case 'ordering':
      return { type: 'ordering', itemIds: [...answer.itemIds] };
    case 'matching':
      return {
        type: 'matching',
        pairs: Object.fromEntries(answer.pairs.map((pair) => [pair.pairId, pair.answer])),
      };
    case 'cloze':
      return {
        type: 'cloze',
        blanks: Object.fromEntries(answer.blanks.map((blank) => [blank.blankId, blank.value])),
      };
    case 'hotspot':
      return { type: 'hotspot', points: answer.points.map((p) => ({ x: p.x, y: p.y })) };
    case 'calculated':
      return { type: 'calculated', text: String(answer.value) };
    case 'essay':
      return { type: 'essay', text: answer.text };
  }
}

/** A number as people type it: a comma works as the decimal point, as it does in German. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  // Number() alone would also take "0x1A", "0b1" and "Infinity", which nobody types as an answer.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * The draft as an answer the API takes, or null while it cannot be one (no option chosen, a number
 * that is not one yet). Parts left empty are left out: the grader counts them as unanswered.
 */
export function toAnswer(draft: AnswerDraft): AnswerInput | null {
  switch (draft.type) {
    case 'single_choice':
      return draft.optionId === null ? null : { type: 'single_choice', optionId: draft.optionId };
    case 'multiple_response':
      return { type: 'multiple_response', optionIds: [...draft.optionIds] };
    case 'true_false':
      return draft.value === null ? null : { type: 'true_false', value: draft.value };
    case 'short_text':
      return { type: 'short_text', text: draft.text };
    case 'numeric': {
      const value = parseNumber(draft.text);
      return value === null ? null : { type: 'numeric', value };
    }
    case 'ordering':
      return { type: 'ordering', itemIds: [...draft.itemIds] };
    case 'matching':
      return {
        type: 'matching',
        pairs: Object.entries(draft.pairs)
          .filter(([, answer]) => answer !== '')
          .map(([pairId, answer]) => ({ pairId, answer })),
      };
    case 'cloze':
      return {
        type: 'cloze',
        blanks: Object.entries(draft.blanks)
          .filter(([, value]) => value !== '')
          .map(([blankId, value]) => ({ blankId, value })),
      };
    case 'hotspot':
      return { type: 'hotspot', points: draft.points.map((p) => ({ x: p.x, y: p.y })) };
    case 'calculated': {
      const value = parseNumber(draft.text);
      return value === null ? null : { type: 'calculated', value };
    }
    case 'essay':
      return { type: 'essay', text: draft.text };
  }
}

/** An answer that says nothing: empty text, no option ticked, no pair, blank or marker filled in. */
export function isBlankAnswer(answer: AnswerInput): boolean {
  switch (answer.type) {
    case 'short_text':
      return answer.text.trim() === '';
    case 'multiple_response':
      return answer.optionIds.length === 0;
    case 'matching':
      return answer.pairs.length === 0;
    case 'cloze':
      return answer.blanks.length === 0;
    case 'hotspot':
      return answer.points.length === 0;
    case 'essay':
      return answer.text.trim() === '';
    default:
      return false;
  }
}

/** Whether the draft is worth submitting for grading: something has been answered. */
export function isReady(draft: AnswerDraft): boolean {
  const answer = toAnswer(draft);
  return answer !== null && !isBlankAnswer(answer);
}

/**
 * The draft after pressing the number key `n` (1-based): choose that option, or for multiple
 * response tick or untick it; for true/false, 1 is true and 2 is false. Null when the key means
 * nothing for this question.
 */
export function pickByNumber(
  question: LearnerQuestion,
  draft: AnswerDraft,
  n: number,
): AnswerDraft | null {
  if (question.type === 'single_choice' && draft.type === 'single_choice') {
    const option = question.options[n - 1];
    return option ? { type: 'single_choice', optionId: option.id } : null;
  }
  if (question.type === 'multiple_response' && draft.type === 'multiple_response') {
    const option = question.options[n - 1];
    if (!option) return null;
    return { type: 'multiple_response', optionIds: toggled(question, draft.optionIds, option.id) };
  }
  if (question.type === 'true_false' && draft.type === 'true_false') {
    if (n !== 1 && n !== 2) return null;
    return { type: 'true_false', value: n === 1 };
  }
  return null;
}

/** `ids` with `id` ticked or unticked, kept in the order the options are shown. */
export function toggled(
  question: Extract<LearnerQuestion, { type: 'multiple_response' }>,
  ids: readonly string[],
  id: string,
): string[] {
  const next = new Set(ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return question.options.map((option) => option.id).filter((optionId) => next.has(optionId));
}

/** `ids` with the entry at `from` moved one step up (-1) or down (+1). */
export function moved(ids: readonly string[], from: number, step: -1 | 1): string[] {
  const to = from + step;
  if (from < 0 || from >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to] as string, next[from] as string];
  return next;
}
