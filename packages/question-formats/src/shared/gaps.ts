import { QUESTION_LIMITS } from '@questa/contracts/rules';

/**
 * Why a gap's choices cannot become a Questa choice blank, or undefined when they can. Other tools
 * allow one choice in a group or a dozen words in a pool; those are refused with a reason rather
 * than failing validation, since the file itself is not broken.
 */
export function choiceBlankProblem(blank: string, options: string[]): string | undefined {
  if (options.length < QUESTION_LIMITS.choicesMin)
    return `${blank} offers only ${options.length === 1 ? `one choice ("${options[0]}")` : 'no choices'}; a Questa choice blank needs at least ${QUESTION_LIMITS.choicesMin}`;
  if (options.length > QUESTION_LIMITS.choicesMax)
    return `${blank} offers ${options.length} choices; a Questa choice blank has at most ${QUESTION_LIMITS.choicesMax}`;
  return undefined;
}

export const quotedList = (texts: string[]) => texts.map((t) => `"${t}"`).join(', ');
