import type { QuestionContent } from '@questa/contracts';
import { CREDIT_FRACTIONS } from '@questa/contracts/rules';
import { removeAt, replaceAt } from './content-helpers';

type ShortText = Extract<QuestionContent, { type: 'short_text' }>;
type Numeric = Extract<QuestionContent, { type: 'numeric' }>;
export type Alternative = NonNullable<Numeric['alternatives']>[number];

/** What an accepted answer may earn: Moodle's grade choices above nothing. */
export const ANSWER_CREDITS: readonly number[] = CREDIT_FRACTIONS.filter((f) => f > 0);

/** The content with `credits` only when some answer earns less than full marks. */
function withCredits(content: ShortText, credits: number[]): ShortText {
  const { credits: _old, ...rest } = content;
  return credits.every((c) => c === 1) ? rest : { ...rest, credits };
}

const creditsOf = (content: ShortText) => content.accepted.map((_, i) => content.credits?.[i] ?? 1);

/** Sets what typing accepted answer `index` earns. */
export const setAnswerCredit = (content: ShortText, index: number, credit: number): ShortText =>
  withCredits(content, replaceAt(creditsOf(content), index, credit));

/** The answers as typed, keeping each one's credit; a new answer is worth 100 %. */
export function setAcceptedTexts(content: ShortText, accepted: string[]): ShortText {
  const credits = accepted.map((_, i) => creditsOf(content)[i] ?? 1);
  return withCredits({ ...content, accepted }, credits);
}

/** Removes accepted answer `index` together with its credit. */
export const removeAnswer = (content: ShortText, index: number): ShortText =>
  withCredits(
    { ...content, accepted: removeAt(content.accepted, index) },
    removeAt(creditsOf(content), index),
  );

/** The numeric content with `alternatives` only when there is one. */
export function setAlternatives(content: Numeric, alternatives: Alternative[]): Numeric {
  const { alternatives: _old, ...rest } = content;
  return alternatives.length > 0 ? { ...rest, alternatives } : rest;
}
